import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { connectAsync, type MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import applications from '../../../plugins/applications/server';
import chirpstack from '../../../plugins/chirpstack/server';
import { crawlerPlugin } from '../../../plugins/crawler/server';
import httpSource from '../../../plugins/http-source/server';
import devicePipeline from '../../../plugins/device-pipeline/server';
import nodes from '../../../plugins/nodes/server';
import rawData from '../../../plugins/raw-data/server';
import ttn from '../../../plugins/ttn/server';
import users from '../../../plugins/users/server';
import { databaseBackends, startTestServer, type TestServer } from '../testing';

const MOSQUITTO = process.env.SENSORIUM_TEST_MQTT_URL ?? 'mqtt://127.0.0.1:1883';
const CS_APP = '9d1f7c1e-2b3a-4c5d-8e9f-0a1b2c3d4e5f';

/** Device uplinks through the real transports into the real item store (nodes plugin), on each database and broker. */
describe.each(
  databaseBackends().flatMap((backend) => [
    { backend, broker: 'embedded', mqtt: true as const },
    { backend, broker: 'Mosquitto', mqtt: { url: MOSQUITTO } },
  ]),
)('device pipeline ($backend, $broker broker)', ({ backend, mqtt }) => {
  let server: TestServer;
  let admin: string;
  let device: MqttClient;
  let prefix: string;
  let crawlTarget: Server;
  const appId = `pipe_${randomUUID().slice(0, 6)}`;
  const devEui = `a8404100${randomUUID().replace(/-/g, '').slice(0, 8)}`;
  const ttsId = `door-${randomUUID().slice(0, 6)}`;
  const items: Record<string, string> = {};

  const api = (method: string, path: string, body?: unknown, headers?: Record<string, string>) =>
    server.request(method, path, { token: admin, body, headers });
  const rawRows = async (itemName: string) =>
    (
      await api('POST', '/api/raw-data-history/search', {
        appId,
        tags: [itemName],
        isItemSpecific: true,
        viewMode: 'history',
        startTime: new Date(Date.now() - 3_600_000).toISOString(),
        endTime: new Date(Date.now() + 60_000).toISOString(),
        limit: 100,
      })
    ).body;
  const addItem = async (itemName: string, dataSource: Record<string, unknown>) => {
    const response = await api('POST', `/api/node-structure-item/${appId}/items`, {
      newItem: { itemType: 'item', itemName, dataSource },
      parentName: 'root',
    });
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    items[itemName] = response.body.uuid;
  };

  beforeAll(async () => {
    crawlTarget = createServer((_request, response) => {
      response.setHeader('content-type', 'application/json');
      response.end(JSON.stringify({ level: 3.25 }));
    });
    await new Promise<void>((resolve) => crawlTarget.listen(0, '127.0.0.1', resolve));
    const crawlUrl = `http://127.0.0.1:${(crawlTarget.address() as AddressInfo).port}/tank`;

    server = await startTestServer({
      backend,
      mqtt,
      plugins: [applications, users, nodes, devicePipeline, rawData, chirpstack, ttn, httpSource, crawlerPlugin(250)],
      // The crawl target listens on loopback, which outbound requests reach only when allowed.
      outboundAllow: ['127.0.0.1'],
    });
    admin = (await server.login()).access_token;
    prefix = server.mqtt!.topicPrefix;
    expect(
      (await api('POST', '/api/application/new/', { id: appId, name: 'Pipeline', endCustomerId: 'end_default' })).status,
    ).toBe(201);
    await api('GET', `/api/node-structure-item/${appId}/tree`);
    await addItem('climate', {
      type: 'chirpstack',
      deviceEUI: devEui.toUpperCase(),
      application: CS_APP,
      commands: [{ id: 'fan-on', display: 'Fan on', payload: { fPort: 5, object: { fan: 1 } } }],
    });
    await addItem('door', { type: 'ttn', deviceEUI: ttsId, application: 'factory', tenant: 'ttn' });
    await addItem('boiler', { type: 'api' });
    await addItem('tank', { type: 'crawler', url: crawlUrl, interval: 1 });
    device = await connectAsync(server.mqtt!.url, {
      clientId: `pipe-${randomUUID().slice(0, 8)}`,
      username: server.mqtt!.username,
      password: server.mqtt!.password,
    });
  });
  afterAll(async () => {
    await device?.endAsync(true);
    await server?.close();
    await new Promise((resolve) => crawlTarget?.close(resolve));
  });

  it('stores ChirpStack uplinks as raw rows and item values, a redelivery once', async () => {
    const message = {
      deduplicationId: randomUUID(),
      time: new Date().toISOString(),
      deviceInfo: { applicationId: CS_APP, devEui },
      dr: 5,
      fCnt: 1,
      fPort: 2,
      object: { temperature: 24.5, humidity: 51 },
      rxInfo: [{ gatewayId: '0016c001ff10a235', rssi: -77, snr: 8.5 }],
    };
    const topic = `${prefix}application/${CS_APP}/device/${devEui}/event/up`;
    await device.publishAsync(topic, JSON.stringify(message), { qos: 1 });
    await device.publishAsync(topic, JSON.stringify(message), { qos: 1 });
    await expect.poll(async () => (await rawRows('climate')).total, { timeout: 10_000 }).toBe(1);
    const [row] = (await rawRows('climate')).rows;
    expect(row).toMatchObject({ source: 'chirpstack', itemName: 'climate', raw: { deduplicationId: message.deduplicationId } });
    const item = await api('GET', `/api/node-structure-item/${appId}/items/${items.climate}`);
    expect(item.body.outputSimple).toMatchObject({ temperature: 24.5, humidity: 51 });
    expect(item.body.connection).toBe(true);
  });

  it('stores The Things Stack uplinks', async () => {
    const message = {
      end_device_ids: { device_id: ttsId, application_ids: { application_id: 'factory' } },
      received_at: new Date().toISOString(),
      uplink_message: { f_cnt: 9, f_port: 1, decoded_payload: { door: 1 }, rx_metadata: [{ rssi: -99, snr: 3 }] },
    };
    await device.publishAsync(`${prefix}v3/factory@ttn/devices/${ttsId}/up`, JSON.stringify(message), { qos: 1 });
    await expect.poll(async () => (await rawRows('door')).total, { timeout: 10_000 }).toBe(1);
    const item = await api('GET', `/api/node-structure-item/${appId}/items/${items.door}`);
    expect(item.body.outputSimple).toMatchObject({ door: 1 });
  });

  it('publishes an item command as a ChirpStack downlink', async () => {
    await device.subscribeAsync(`${prefix}application/+/device/+/command/down`, { qos: 1 });
    const received = new Promise<{ topic: string; body: unknown }>((resolve) => {
      device.once('message', (topic, payload) => resolve({ topic, body: JSON.parse(payload.toString()) }));
    });
    const sent = await api('POST', `/api/node-structure-item/${appId}/items/${items.climate}/command`, { commandId: 'fan-on' });
    expect(sent.status, JSON.stringify(sent.body)).toBeLessThan(300);
    const { topic, body } = await received;
    expect(topic).toBe(`${prefix}application/${CS_APP}/device/${devEui}/command/down`);
    expect(body).toEqual({ devEui, confirmed: false, fPort: 5, object: { fan: 1 } });
  });

  it('takes field values over HTTP and answers after the commit', async () => {
    const response = await api('POST', `/api/ingest/${appId}/boiler`, { pressure: 2.4 }, { 'idempotency-key': 'r-1' });
    expect(response.status).toBe(202);
    expect((await api('POST', `/api/ingest/${appId}/boiler`, { pressure: 2.4 }, { 'idempotency-key': 'r-1' })).status).toBe(200);
    expect((await rawRows('boiler')).total).toBe(1);
    expect((await api('POST', `/api/ingest/${appId}/no-such-item`, { pressure: 1 })).status).toBe(404);
    // A device script with an API key (users plugin) instead of a session.
    const key = (await api('POST', '/api/api-keys', { name: 'boiler gateway' })).body.key as string;
    const withKey = await server.request('POST', `/api/ingest/${appId}/boiler`, {
      body: { pressure: 2.6 },
      headers: { 'x-api-key': key },
    });
    expect(withKey.status).toBe(202);
    expect((await rawRows('boiler')).total).toBe(2);
  });

  it('polls crawler items', async () => {
    await expect.poll(async () => (await rawRows('tank')).total, { timeout: 10_000 }).toBeGreaterThanOrEqual(1);
    const item = await api('GET', `/api/node-structure-item/${appId}/items/${items.tank}`);
    expect(item.body.outputSimple).toMatchObject({ level: 3.25 });
  });
});

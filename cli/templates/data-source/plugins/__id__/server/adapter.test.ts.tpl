import { randomUUID } from 'node:crypto';
import { connectAsync, type MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
{{#licence}}
import { DataSourceDirectoryToken } from '@sensorium/core/server';
{{/licence}}
import { databaseBackends, startTestServer, type TestServer } from '../../../host/server/testing';
import applications from '../../applications/server';
import devicePipeline from '../../device-pipeline/server';
import nodes from '../../nodes/server';
import rawData from '../../raw-data/server';
import plugin from './index';

// Each backend (PGlite always; PostgreSQL when DATABASE_URL is set) starts a real server with the embedded MQTT broker,
// the item store (applications, nodes and the device pipeline) and this plugin; a device publishes to the broker with mqtt.js.
describe.each(databaseBackends())('{{title}} data source on %s', (backend) => {
  let server: TestServer;
  let token: string;
  let device: MqttClient;
  let topicPrefix: string;
  const appId = `test_${randomUUID().slice(0, 8)}`;

  const api = (method: string, path: string, body?: unknown) => server.request(method, `/api${path}`, { token, body });
  const items = `/node-structure-item/${appId}`;

  /** Adds an item of this data source under the application's root node, as the add-item wizard does. */
  async function addItem(itemName: string, dataSource: Record<string, unknown>): Promise<string> {
    const response = await api('POST', `${items}/items`, {
      newItem: { itemType: 'item', itemName, dataSource: { type: '{{id}}', ...dataSource } },
      parentName: 'root',
    });
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    return response.body.uuid;
  }

  async function rawRows(itemName: string): Promise<number> {
    const response = await api('POST', '/raw-data-history/search', {
      appId,
      tags: [itemName],
      isItemSpecific: true,
      viewMode: 'history',
      startTime: new Date(Date.now() - 3_600_000).toISOString(),
      endTime: new Date(Date.now() + 60_000).toISOString(),
    });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    return response.body.total;
  }

  beforeAll(async () => {
    server = await startTestServer({ backend, mqtt: true, plugins: [applications, nodes, devicePipeline, rawData, plugin] });
    token = (await server.login()).access_token;
    const created = await api('POST', '/application/new/', { id: appId, name: '{{title}} test', endCustomerId: 'end_default' });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    // The first read of the tree creates the application's root node.
    await api('GET', `${items}/tree`);
    // Topics carry the test server's prefix (empty on the embedded broker; unique per server on an external one).
    topicPrefix = server.mqtt!.topicPrefix;
    device = await connectAsync(server.mqtt!.url, {
      clientId: `{{id}}-test-${randomUUID().slice(0, 8)}`,
      username: server.mqtt!.username,
      password: server.mqtt!.password,
    });
  });
  afterAll(async () => {
    await device?.endAsync(true);
    await server?.close();
  });

  it('shows the values of a device uplink on its item, and stores a redelivered uplink once', async () => {
    const uuid = await addItem('sensor-1', { deviceEUI: 'sensor-1' });
    const uplink = JSON.stringify({ deviceId: 'sensor-1', counter: 1, time: new Date().toISOString(), fields: { temperature: 21.5 } });
    await device.publishAsync(`${topicPrefix}{{id}}/sensor-1/up`, uplink, { qos: 1 });
    await device.publishAsync(`${topicPrefix}{{id}}/sensor-1/up`, uplink, { qos: 1 });

    await expect.poll(async () => (await api('GET', `${items}/items/${uuid}`)).body.outputSimple, { timeout: 10_000 }).toMatchObject({
      temperature: 21.5,
    });
    const item = await api('GET', `${items}/items/${uuid}`);
    expect(item.body.connection).toBe(true);
    expect(await rawRows('sensor-1')).toBe(1);
  });

  it('sends an item command to the device on {{id}}/<device id>/down', async () => {
    const uuid = await addItem('valve-1', {
      deviceEUI: 'valve-1',
      commands: [{ id: 'open', display: 'Open the valve', payload: { port: 2, object: { valve: 'open' } } }],
    });
    await device.subscribeAsync(`${topicPrefix}{{id}}/+/down`, { qos: 1 });
    const received = new Promise<{ topic: string; body: unknown }>((resolve) => {
      device.once('message', (topic, payload) => resolve({ topic, body: JSON.parse(payload.toString()) }));
    });

    const sent = await api('POST', `${items}/items/${uuid}/command`, { commandId: 'open' });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    const { topic, body } = await received;
    expect(topic).toBe(`${topicPrefix}{{id}}/valve-1/down`);
    expect(body).toEqual({ deviceId: 'valve-1', confirmed: false, port: 2, object: { valve: 'open' } });
  });
{{#licence}}

  it('runs no {{title}} adapter while the {{licence}} licence is off', async () => {
    const unlicensed = await startTestServer({ backend, mqtt: true, plugins: [applications, nodes, devicePipeline, plugin], licences: 'none' });
    try {
      expect(unlicensed.running.container.resolve(DataSourceDirectoryToken).types()).not.toContain('{{id}}');
    } finally {
      await unlicensed.close();
    }
  });
{{/licence}}
});

import { randomUUID } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { connectAsync, type MqttClient } from 'mqtt';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { OrganisationDirectoryToken } from '@sensorium/core/server';
import { databaseBackends, startTestServer, type TestServer } from '../../../host/server/testing';
import applications from '../../applications/server';
import devicePipeline from '../../device-pipeline/server';
import nodes from '../../nodes/server';
import type { TtsConfig } from './config';
import ttn from './index';

interface Recorded {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
}

/** A stand-in for one The Things Stack deployment's HTTP API: records every request and answers 200. */
async function startTts() {
  const requests: Recorded[] = [];
  const server: Server = createServer((request, response) => {
    requests.push({ method: request.method ?? '', path: request.url ?? '', headers: request.headers });
    response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { url, requests, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** A TTS v3 `up` message of a device, as TTS publishes it on v3/{application}@{tenant}/devices/{device}/up. */
function up(application: string, deviceId: string, decoded: Record<string, unknown>) {
  return JSON.stringify({
    end_device_ids: { device_id: deviceId, application_ids: { application_id: application } },
    received_at: new Date().toISOString(),
    uplink_message: { f_cnt: Math.floor(Math.random() * 1e6), f_port: 1, decoded_payload: decoded },
  });
}

describe.each(databaseBackends())('The Things Stack device identity on %s', (backend) => {
  let server: TestServer;
  let device: MqttClient;
  let operatorTts: Awaited<ReturnType<typeof startTts>>;
  let ownTts: Awaited<ReturnType<typeof startTts>>;
  let admin: string;
  /** Two si-customer organisations: A (with its own TTS API settings) and B (on the operator's). */
  const orgs = { a: { id: '', token: '', app: 'tts_org_a' }, b: { id: '', token: '', app: 'tts_org_b' } };

  const items = (appId: string) => `/api/node-structure-item/${appId}/items`;
  const addItem = (appId: string, token: string, itemName: string, dataSource: Record<string, unknown>) =>
    server.request('POST', items(appId), {
      token,
      body: { newItem: { itemType: 'item', itemName, dataSource: { type: 'ttn', ...dataSource } }, parentName: 'root' },
    });
  const added = async (...args: Parameters<typeof addItem>): Promise<string> => {
    const response = await addItem(...args);
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    return response.body.uuid as string;
  };
  const item = async (appId: string, uuid: string) =>
    (await server.request('GET', `${items(appId)}/${uuid}`, { token: admin })).body;
  /** Publishes as TTS does; the embedded broker acknowledges once the uplink is committed. */
  const publish = (application: string, deviceId: string, decoded: Record<string, unknown>) =>
    device.publishAsync(
      `${server.mqtt!.topicPrefix}v3/${application}@ttn/devices/${deviceId}/up`,
      up(application, deviceId, decoded),
      { qos: 1 },
    );
  const createApp = async (id: string, token: string) => {
    const customer = await server.request('POST', '/api/customer/end-customer/', { token, body: { name: `${id} site` } });
    const created = await server.request('POST', '/api/application/new/', {
      token,
      body: { id, name: id, description: '', endCustomerId: customer.body.id },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    await server.request('GET', `/api/node-structure-item/${id}/tree`, { token });
  };

  beforeAll(async () => {
    [operatorTts, ownTts] = await Promise.all([startTts(), startTts()]);
    server = await startTestServer({
      backend,
      mqtt: true,
      plugins: [applications, nodes, devicePipeline, ttn],
      outboundAllow: ['127.0.0.1'],
    });
    const config = server.running.pluginConfigs.get('ttn') as TtsConfig;
    config.apiUrl = operatorTts.url;
    config.apiKey = 'operator-key';
    admin = (await server.login()).access_token;
    const organisations = server.running.container.resolve(OrganisationDirectoryToken);
    for (const [name, org] of Object.entries(orgs)) {
      org.id = (await organisations.create({ name: `Org ${name}`, size: '', role: '', endCustomerId: null })).id;
      org.token = await server.loginAs({
        username: `tts-${name}`,
        organisationId: org.id,
        permissions: ['nodemanagement', 'setting', 'useredit'],
      });
      await createApp(org.app, org.token);
    }
    device = await connectAsync(server.mqtt!.url, {
      clientId: `tts-identity-${randomUUID().slice(0, 8)}`,
      username: server.mqtt!.username,
      password: server.mqtt!.password,
    });
  });
  beforeEach(() => {
    operatorTts.requests.length = 0;
    ownTts.requests.length = 0;
  });
  afterAll(async () => {
    await device?.endAsync(true);
    await server?.close();
    await Promise.all([operatorTts?.close(), ownTts?.close()]);
  });

  it('binds the same device id in two TTS applications to two items, each taking only its application’s uplinks', async () => {
    const parking = await added(orgs.a.app, orgs.a.token, 'parking', { deviceEUI: 'dev-eu868-01', application: 'parking-lot' });
    const weather = await added(orgs.b.app, orgs.b.token, 'weather', {
      deviceEUI: 'dev-eu868-01',
      application: 'weather-stations',
    });

    await publish('parking-lot', 'dev-eu868-01', { level: 1 });
    expect((await item(orgs.a.app, parking)).outputSimple).toMatchObject({ level: 1 });
    expect((await item(orgs.b.app, weather)).outputSimple).toEqual({});

    await publish('weather-stations', 'dev-eu868-01', { level: 2 });
    await publish('bike-sheds', 'dev-eu868-01', { level: 3 });
    expect((await item(orgs.a.app, parking)).outputSimple).toMatchObject({ level: 1 });
    expect((await item(orgs.b.app, weather)).outputSimple).toMatchObject({ level: 2 });
  });

  it('lets an item without an application learn it from its first uplink, says so, and then ignores other applications', async () => {
    const uuid = await added(orgs.a.app, orgs.a.token, 'learner', { deviceEUI: 'dev-learn-01' });
    await publish('farm', 'dev-learn-01', { moisture: 40 });
    const learnt = await item(orgs.a.app, uuid);
    expect(learnt.outputSimple).toMatchObject({ moisture: 40 });
    expect(learnt.dataSource).toMatchObject({ application: 'farm@ttn', applicationLearnt: true });

    await publish('intruder', 'dev-learn-01', { moisture: 99 });
    expect((await item(orgs.a.app, uuid)).outputSimple).toMatchObject({ moisture: 40 });
  });

  it("refuses another tenant's identity with a 400 that names no tenant, and a duplicate in the same application with 409", async () => {
    await added(orgs.a.app, orgs.a.token, 'gate', { deviceEUI: 'gate-01', application: 'access' });
    const stolen = await addItem(orgs.b.app, orgs.b.token, 'gate', { deviceEUI: 'gate-01', application: 'access@ttn' });
    expect(stolen.status).toBe(400);
    expect(stolen.body).toMatchObject({
      field: 'dataSource.deviceEUI',
      message: 'This device is already bound to an item elsewhere. A device can belong to one item only.',
    });
    expect(JSON.stringify(stolen.body)).not.toContain(orgs.a.app);
    // Without an application the item would take the other's uplinks: refused as well.
    expect((await addItem(orgs.b.app, orgs.b.token, 'gate-any', { deviceEUI: 'gate-01' })).status).toBe(400);
    expect((await addItem(orgs.a.app, orgs.a.token, 'gate-twin', { deviceEUI: 'gate-01', application: 'access' })).status).toBe(
      409,
    );
  });

  it("deletes at TTS only the item's own identity, with its organisation's API settings or else the operator's", async () => {
    const settings = await server.request('PUT', '/api/ttn/server-settings', {
      token: orgs.a.token,
      body: { apiUrl: `${ownTts.url}/`, secret: 'NNSXS.org-a-secret-key' },
    });
    expect(settings.status, JSON.stringify(settings.body)).toBe(200);
    const own = await added(orgs.a.app, orgs.a.token, 'pump', { deviceEUI: 'pump-01', application: 'pumps' });
    const other = await added(orgs.b.app, orgs.b.token, 'pump', { deviceEUI: 'pump-01', application: 'fountains' });

    // B's delete reaches only B's identity, with the operator's key: never A's device nor A's key.
    const removed = await server.request('DELETE', `${items(orgs.b.app)}/${other}?deleteExternal=true`, { token: orgs.b.token });
    expect(removed.status, JSON.stringify(removed.body)).toBeLessThan(300);
    expect(ownTts.requests).toEqual([]);
    expect(operatorTts.requests.map((r) => `${r.method} ${r.path} ${r.headers.authorization}`)).toEqual(
      ['as/', 'ns/', 'js/', ''].map(
        (registry) => `DELETE /api/v3/${registry}applications/fountains/devices/pump-01 Bearer operator-key`,
      ),
    );

    operatorTts.requests.length = 0;
    const mine = await server.request('DELETE', `${items(orgs.a.app)}/${own}?deleteExternal=true`, { token: orgs.a.token });
    expect(mine.status, JSON.stringify(mine.body)).toBeLessThan(300);
    expect(operatorTts.requests).toEqual([]);
    expect(ownTts.requests.map((r) => `${r.path} ${r.headers.authorization}`)).toContain(
      '/api/v3/applications/pumps/devices/pump-01 Bearer NNSXS.org-a-secret-key',
    );
  });

  it('shows the settings with the secret masked, to the organisation only, and falls back to the operator’s when removed', async () => {
    await server.request('PUT', '/api/ttn/server-settings', {
      token: orgs.a.token,
      body: { apiUrl: ownTts.url, secret: 'NNSXS.org-a-secret-key' },
    });
    const view = await server.request('GET', '/api/ttn/server-settings', { token: orgs.a.token });
    expect(view.status).toBe(200);
    expect(view.body).toEqual({
      organisationId: orgs.a.id,
      apiUrl: ownTts.url,
      secretMasked: '••••-key',
      operator: { apiUrl: operatorTts.url, secretSet: true },
    });
    expect(JSON.stringify(view.body)).not.toContain('org-a-secret');
    expect((await server.request('GET', '/api/ttn/server-settings', { token: orgs.b.token })).body).toMatchObject({
      organisationId: orgs.b.id,
      apiUrl: null,
      secretMasked: null,
    });
    const foreign = `/api/ttn/server-settings?organisationId=${orgs.a.id}`;
    expect((await server.request('GET', foreign, { token: orgs.b.token })).status).toBe(404);
    expect(
      (await server.request('PUT', foreign, { token: orgs.b.token, body: { apiUrl: 'https://x.example', secret: 's' } })).status,
    ).toBe(404);
    // The cloud operator manages any organisation's settings by its id.
    expect((await server.request('GET', foreign, { token: admin })).body).toMatchObject({ apiUrl: ownTts.url });

    expect((await server.request('DELETE', '/api/ttn/server-settings', { token: orgs.a.token })).body).toMatchObject({
      apiUrl: null,
      secretMasked: null,
    });
  });

  it('keeps the stored key when a change leaves it out, and asks for one while none is stored', async () => {
    const path = '/api/ttn/server-settings';
    const missing = await server.request('PUT', path, { token: orgs.b.token, body: { apiUrl: ownTts.url } });
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({ field: 'secret', message: 'This field is required.' });
    expect((await server.request('GET', path, { token: orgs.b.token })).body).toMatchObject({ apiUrl: null });

    await server.request('PUT', path, { token: orgs.b.token, body: { apiUrl: ownTts.url, secret: 'NNSXS.org-b-first-key' } });
    const moved = await server.request('PUT', path, {
      token: orgs.b.token,
      body: { apiUrl: ` ${operatorTts.url}/ `, secret: '' },
    });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(moved.body).toMatchObject({ apiUrl: operatorTts.url, secretMasked: '••••-key' });
    const badUrl = await server.request('PUT', path, { token: orgs.b.token, body: { apiUrl: 'not a url' } });
    expect(badUrl.body).toMatchObject({ field: 'apiUrl', message: 'Please enter a valid URL.' });
    await server.request('DELETE', path, { token: orgs.b.token });
  });
});

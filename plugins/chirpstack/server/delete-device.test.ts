import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { databaseBackends, startTestServer, type TestServer } from '../../../host/server/testing';
import applications from '../../applications/server';
import nodes from '../../nodes/server';
import { createOutboundRequests } from '../../../host/server/outbound';
import { ChirpStackAdapter } from './adapter';
import type { ChirpStackConfig } from './config';
import chirpstack from './index';

interface Recorded {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
}

/**
 * A stand-in for the chirpstack-rest-api proxy: records every request; GET answers the device in the application
 * `devices` names (404 when it names none), DELETE answers with the status the test sets.
 */
async function startDeviceServer() {
  const requests: Recorded[] = [];
  const state = { status: 200, body: '{}', devices: {} as Record<string, string> };
  const server: Server = createServer((request, response) => {
    requests.push({ method: request.method ?? '', path: request.url ?? '', headers: request.headers });
    if (request.method === 'GET') {
      const devEui = (request.url ?? '').split('/').pop() ?? '';
      const applicationId = state.devices[devEui];
      if (!applicationId) response.writeHead(404, { 'content-type': 'application/json' }).end('{"code":5}');
      else
        response
          .writeHead(200, { 'content-type': 'application/json' })
          .end(JSON.stringify({ device: { devEui, applicationId } }));
      return;
    }
    response.writeHead(state.status, { 'content-type': 'application/json' }).end(state.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { url, requests, state, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

describe('ChirpStack deleteDevice', () => {
  let device: Awaited<ReturnType<typeof startDeviceServer>>;
  // The stand-in listens on loopback, which the outbound guard reaches only when the operator allows it.
  const adapter = (config: Partial<ChirpStackConfig>, allow = ['127.0.0.1']) =>
    new ChirpStackAdapter(
      {} as never,
      async () => ({ apiUrl: config.apiUrl ?? null, secret: config.apiToken ?? null }),
      createOutboundRequests(allow),
    );
  const operator = { organisationId: null };
  const inApp = (deviceId: string) => ({ deviceId, application: 'cs-app' });

  beforeAll(async () => {
    device = await startDeviceServer();
  });
  beforeEach(() => {
    device.requests.length = 0;
    device.state.status = 200;
    device.state.body = '{}';
    device.state.devices = { a84041000181c61d: 'cs-app', '0102030405060708': 'cs-app' };
  });
  afterAll(() => device?.close());

  it('reads the device, then sends DELETE /api/devices/{devEui} with the token as grpc-gateway metadata and as Authorization', async () => {
    await adapter({ apiUrl: device.url, apiToken: 'cs-token' }).deleteDevice(inApp('A84041000181C61D'), operator);
    expect(device.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      'GET /api/devices/a84041000181c61d',
      'DELETE /api/devices/a84041000181c61d',
    ]);
    expect(device.requests[1]!.headers).toMatchObject({
      'grpc-metadata-authorization': 'Bearer cs-token',
      authorization: 'Bearer cs-token',
    });
  });

  it('treats 404 (already gone) as deleted and any other failure as an error naming ChirpStack and the answer', async () => {
    const configured = adapter({ apiUrl: device.url, apiToken: 'cs-token' });
    device.state.status = 404;
    await expect(configured.deleteDevice(inApp('0102030405060708'), operator)).resolves.toBeUndefined();
    device.state.status = 500;
    device.state.body = '{"error":"database down"}';
    await expect(configured.deleteDevice(inApp('0102030405060708'), operator)).rejects.toThrow(
      'ChirpStack answered 500 Internal Server Error',
    );
    device.state.status = 401;
    await expect(configured.deleteDevice(inApp('0102030405060708'), operator)).rejects.toThrow('401');
    // A device ChirpStack no longer has is already gone: nothing is deleted.
    device.requests.length = 0;
    await expect(configured.deleteDevice(inApp('70b3d57ed0000001'), operator)).resolves.toBeUndefined();
    expect(device.requests.map((r) => r.method)).toEqual(['GET']);
  });

  it("never deletes a device that ChirpStack keeps in another application than the item's, nor one whose application is unknown", async () => {
    const configured = adapter({ apiUrl: device.url, apiToken: 'cs-token' });
    device.state.devices = { a84041000181c61d: 'someone-elses-app' };
    await expect(configured.deleteDevice(inApp('a84041000181c61d'), operator)).rejects.toThrow(
      "is not in the item's application cs-app",
    );
    await expect(configured.deleteDevice({ deviceId: 'a84041000181c61d', application: null }, operator)).rejects.toThrow(
      'no ChirpStack application id yet',
    );
    expect(device.requests.map((r) => r.method)).toEqual(['GET']);
  });

  it('fails naming the missing setting when the API is not configured, without calling anything', async () => {
    await expect(adapter({}).deleteDevice(inApp('0102030405060708'), operator)).rejects.toThrow('CHIRPSTACK_API_URL is not set');
    await expect(adapter({ apiUrl: device.url }).deleteDevice(inApp('0102030405060708'), operator)).rejects.toThrow(
      'CHIRPSTACK_API_TOKEN is not set',
    );
    expect(device.requests).toEqual([]);
  });

  it("refuses a ChirpStack API on the console's own network unless SENSORIUM_OUTBOUND_ALLOW opens it", async () => {
    await expect(
      adapter({ apiUrl: device.url, apiToken: 't' }, []).deleteDevice(inApp('0102030405060708'), operator),
    ).rejects.toThrow(/ChirpStack could not be reached at http:\/\/127\.0\.0\.1:\d+: .*127\.0\.0\.1.*SENSORIUM_OUTBOUND_ALLOW/);
    expect(device.requests).toEqual([]);
  });

  it('fails with a clear message when ChirpStack cannot be reached', async () => {
    const closed = await startDeviceServer();
    await closed.close();
    await expect(
      adapter({ apiUrl: closed.url, apiToken: 't' }).deleteDevice(inApp('0102030405060708'), operator),
    ).rejects.toThrow(`ChirpStack could not be reached at ${closed.url}`);
  });
});

describe.each(databaseBackends())('delete item with deleteExternal through the nodes API on %s', (backend) => {
  let server: TestServer;
  let device: Awaited<ReturnType<typeof startDeviceServer>>;
  let admin: string;
  const api = '/api/node-structure-item/delplant';

  const addSensor = async (itemName: string, deviceEUI: string) => {
    const response = await server.request('POST', `${api}/items`, {
      token: admin,
      body: {
        newItem: { itemType: 'item', itemName, dataSource: { type: 'chirpstack', deviceEUI, application: 'cs-app' } },
        parentName: 'root',
      },
    });
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    return response.body.uuid as string;
  };

  beforeAll(async () => {
    device = await startDeviceServer();
    server = await startTestServer({ backend, plugins: [applications, nodes, chirpstack], outboundAllow: ['127.0.0.1'] });
    const config = server.running.pluginConfigs.get('chirpstack') as ChirpStackConfig;
    config.apiUrl = device.url;
    config.apiToken = 'api-token';
    admin = (await server.login()).access_token;
    const created = await server.request('POST', '/api/application/new/', {
      token: admin,
      body: { id: 'delplant', name: 'Delete plant', description: '', endCustomerId: 'end_default' },
    });
    expect(created.status).toBe(201);
    expect((await server.request('GET', `${api}/tree`, { token: admin })).status).toBe(200);
  });
  beforeEach(() => {
    device.requests.length = 0;
    device.state.status = 200;
    device.state.devices = { a84041000181c61d: 'cs-app', '0102030405060708': 'cs-app' };
  });
  afterAll(async () => {
    await server?.close();
    await device?.close();
  });

  it('deletes the device at ChirpStack and then the item', async () => {
    const uuid = await addSensor('meter-1', 'A84041000181C61D');
    const removed = await server.request('DELETE', `${api}/items/${uuid}?deleteExternal=true`, { token: admin });
    expect(removed.status, JSON.stringify(removed.body)).toBeLessThan(300);
    expect(device.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      'GET /api/devices/a84041000181c61d',
      'DELETE /api/devices/a84041000181c61d',
    ]);
    expect(device.requests[1]!.headers['grpc-metadata-authorization']).toBe('Bearer api-token');
    expect((await server.request('GET', `${api}/items/${uuid}`, { token: admin })).status).toBe(404);
  });

  it('answers 502 with ChirpStack’s failure and keeps the item when the device server fails or is not configured', async () => {
    const uuid = await addSensor('meter-2', '0102030405060708');
    device.state.status = 500;
    const failed = await server.request('DELETE', `${api}/items/${uuid}?deleteExternal=true`, { token: admin });
    expect(failed.status).toBe(502);
    expect(JSON.stringify(failed.body)).toContain('ChirpStack answered 500');
    expect(device.requests.map((r) => r.method)).toEqual(['GET', 'DELETE']);
    expect((await server.request('GET', `${api}/items/${uuid}`, { token: admin })).status).toBe(200);

    const config = server.running.pluginConfigs.get('chirpstack') as ChirpStackConfig;
    config.apiToken = null;
    try {
      const unconfigured = await server.request('DELETE', `${api}/items/${uuid}?deleteExternal=true`, { token: admin });
      expect(unconfigured.status).toBe(502);
      expect(JSON.stringify(unconfigured.body)).toContain('CHIRPSTACK_API_TOKEN');
      expect((await server.request('GET', `${api}/items/${uuid}`, { token: admin })).status).toBe(200);
    } finally {
      config.apiToken = 'api-token';
    }

    // Without deleteExternal the device server is not asked.
    device.requests.length = 0;
    const local = await server.request('DELETE', `${api}/items/${uuid}?deleteExternal=false`, { token: admin });
    expect(local.status).toBeLessThan(300);
    expect(device.requests).toEqual([]);
  });
});

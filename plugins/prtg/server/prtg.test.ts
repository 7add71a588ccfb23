import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { HttpError, type DataSourceSink, type DeviceServerAccess } from '@sensorium/core/server';
import type { ItemLookup, ItemSourceErrors, SourceFailure } from '@sensorium/nodes/common';
import { createOutboundRequests } from '../../../host/server/outbound';
import { serverPlugins } from '../../../host/server/plugins';
import { databaseBackends, startTestServer, type TestServer } from '../../../host/server/testing';
import { PrtgAdapter } from './poller';
import { prtgPlugin } from './index';

const TOKEN = 'prtg-test-token';
const SENSOR = '2045';
const UNREACHABLE = '9999';

/** A PRTG web server answering table.json for sensor 2045 to the right token, 401 to any other (as PRTG does). */
async function fakePrtg(): Promise<{ server: Server; url: string; requests: URL[]; token: { accepted: string } }> {
  const requests: URL[] = [];
  const token = { accepted: TOKEN };
  let scans = 0;
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://prtg');
    requests.push(url);
    // A sensor whose probe drops the connection: PRTG cannot be reached for it.
    if (url.searchParams.get('id') === UNREACHABLE) return void request.socket.destroy();
    response.setHeader('content-type', 'application/json');
    if (url.pathname !== '/api/table.json' || url.searchParams.get('content') !== 'channels') {
      response.statusCode = 404;
      return void response.end('{}');
    }
    if (url.searchParams.get('apitoken') !== token.accepted) {
      response.statusCode = 401;
      return void response.end('{"error":"Unauthorized"}');
    }
    const channels =
      url.searchParams.get('id') === SENSOR
        ? [
            { objid: 0, name: 'Downtime', lastvalue: '0 %', lastvalue_raw: 0 },
            { objid: 2, name: 'Response Time', lastvalue: `${20 + ++scans} msec`, lastvalue_raw: 20 + scans },
            { objid: 3, name: 'Status', lastvalue: 'No data', lastvalue_raw: '' },
          ]
        : [];
    response.end(JSON.stringify({ 'prtg-version': '24.1.92.1554', treesize: channels.length, channels }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, requests, token };
}

describe.each(databaseBackends())('PRTG items on %s', (backend) => {
  let prtg: Awaited<ReturnType<typeof fakePrtg>>;
  let server: TestServer;
  let token: string;
  const appId = `prtg_${randomUUID().slice(0, 8)}`;
  const items = `/node-structure-item/${appId}`;
  const api = (method: string, path: string, body?: unknown) => server.request(method, `/api${path}`, { token, body });

  beforeAll(async () => {
    prtg = await fakePrtg();
    // The operator's PRTG API settings: the default of applications without an organisation of their own.
    vi.stubEnv('PRTG_API_URL', prtg.url);
    vi.stubEnv('PRTG_API_TOKEN', TOKEN);
    const plugins = serverPlugins.filter((plugin) => ['applications', 'nodes', 'device-pipeline'].includes(plugin.manifest.id));
    server = await startTestServer({ backend, plugins: [...plugins, prtgPlugin(100, 0.3)], outboundAllow: ['127.0.0.1'] });
    vi.unstubAllEnvs();
    token = (await server.login()).access_token;
    const created = await api('POST', '/application/new/', { id: appId, name: 'PRTG', endCustomerId: 'end_default' });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    await api('GET', `${items}/tree`);
  });
  afterAll(async () => {
    await server?.close();
    await new Promise((resolve) => prtg?.server.close(resolve));
  });

  const addItem = async (itemName: string, sensorId: string) => {
    const added = await api('POST', `${items}/items`, {
      newItem: { itemType: 'item', itemName, dataSource: { type: 'prtg', host: '127.0.0.1', sensorId } },
      parentName: 'root',
    });
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    return async () => (await api('GET', `${items}/items/${added.body.uuid}`)).body;
  };

  it("polls the sensor's channels with the API token and shows their last values on the item, again on each interval", async () => {
    const item = await addItem('core-switch', SENSOR);
    const values = async () => (await item()).outputSimple;

    await expect.poll(values, { timeout: 10_000 }).toMatchObject({ Downtime: 0, 'Response Time': expect.any(Number) });
    const first = (await values())['Response Time'];
    await expect.poll(async () => (await values())['Response Time'], { timeout: 10_000 }).toBeGreaterThan(first);
    expect((await values()).Status).toBe('No data');
    const asked = prtg.requests.find((url) => url.searchParams.get('id') === SENSOR)!;
    expect(Object.fromEntries(asked.searchParams)).toMatchObject({ content: 'channels', apitoken: TOKEN, id: SENSOR });
  });

  it("shows a refused token as the item's error, and clears it once PRTG answers again", async () => {
    const item = await addItem('edge-router', SENSOR);
    await expect.poll(async () => (await item()).outputSimple, { timeout: 10_000 }).toMatchObject({ Downtime: 0 });
    prtg.token.accepted = 'rotated-in-prtg';
    try {
      await expect
        .poll(async () => (await item()).sourceError?.message, { timeout: 10_000 })
        .toMatch(/^PRTG answered 401 Unauthorized/);
    } finally {
      prtg.token.accepted = TOKEN;
    }
    await expect.poll(async () => (await item()).sourceError, { timeout: 10_000 }).toBeUndefined();
  });

  it("shows an unreachable PRTG and a sensor without channels as the item's error", async () => {
    const unreachable = await addItem('lost-probe', UNREACHABLE);
    const empty = await addItem('no-channels', '77');
    await expect
      .poll(async () => (await unreachable()).sourceError?.message, { timeout: 10_000 })
      .toMatch(new RegExp(`^PRTG could not be reached at ${prtg.url}`));
    await expect
      .poll(async () => (await empty()).sourceError?.message, { timeout: 10_000 })
      .toBe('PRTG lists no channels of sensor 77');
    expect((await unreachable()).outputSimple).toEqual({});
  });

  it('refuses an item without a sensor id with a translated 400 naming the field', async () => {
    const refused = await server.request('POST', `/api${items}/items`, {
      token,
      body: {
        newItem: { itemType: 'item', itemName: 'no-sensor', dataSource: { type: 'prtg', host: '127.0.0.1' } },
        parentName: 'root',
      },
      headers: { 'accept-language': 'hk' },
    });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({
      field: 'newItem.dataSource.sensorId',
      code: 'prtg.errors.sensorId',
      message: '請輸入 PRTG 感應器 ID（數字）。',
    });
  });
});

const NO_ERRORS: ItemSourceErrors = { failed: async () => {}, succeeded: async () => {} };

describe('PRTG poll failures', () => {
  const target = {
    uuid: 'u1',
    appId: 'plant_1',
    itemName: 'core-switch',
    dataSource: { type: 'prtg', host: '127.0.0.1', sensorId: SENSOR },
  };
  const lookup = { enabledItemsOfSource: async () => [target] } as unknown as ItemLookup;

  /** Polls the one item once with these API settings; answers what was ingested and the error kept on the item. */
  async function pollOnce(access: DeviceServerAccess, allow = ['127.0.0.1']) {
    const failures: SourceFailure[] = [];
    const ingested: unknown[] = [];
    const errors: ItemSourceErrors = { failed: async (given) => void failures.push(...given), succeeded: async () => {} };
    const adapter = new PrtgAdapter(lookup, createOutboundRequests(allow), async () => access, errors);
    await adapter.start({ ingest: async (uplinks: unknown[]) => void ingested.push(...uplinks) } as unknown as DataSourceSink);
    await adapter.poll();
    expect(failures.every((failure) => failure.uuid === target.uuid)).toBe(true);
    return { ingested, error: failures[0] };
  }

  it('reports a bad token, an unreachable PRTG, settings for another host and missing settings, and stores nothing', async () => {
    const prtg = await fakePrtg();
    const port = new URL(prtg.url).port;
    try {
      const badToken = await pollOnce({ apiUrl: prtg.url, secret: 'wrong' });
      expect(badToken.ingested).toEqual([]);
      expect(badToken.error?.message).toMatch(/^PRTG answered 401/);
      expect(prtg.requests.every((url) => url.searchParams.get('apitoken') !== TOKEN)).toBe(true);

      const elsewhere = await pollOnce({ apiUrl: `http://prtg.example.com:${port}`, secret: TOKEN });
      expect(elsewhere.error?.message).toBe("The PRTG API settings are for prtg.example.com, not for the item's host 127.0.0.1");
      expect((await pollOnce({ apiUrl: null, secret: null })).error?.message).toMatch(/^No PRTG API address and token/);
    } finally {
      await new Promise((resolve) => prtg.server.close(resolve));
    }
    const unreachable = await pollOnce({ apiUrl: prtg.url, secret: TOKEN });
    expect(unreachable.ingested).toEqual([]);
    expect(unreachable.error?.message).toMatch(new RegExp(`^PRTG could not be reached at http://127.0.0.1:${port}`));
    // Without SENSORIUM_OUTBOUND_ALLOW the console's own network is refused, token and all.
    expect((await pollOnce({ apiUrl: prtg.url, secret: TOKEN }, [])).error?.message).toMatch(/^PRTG could not be reached/);
  });

  it("refuses to save a host on the console's own network unless the operator allows it", async () => {
    const check = (allow: string[]) =>
      new PrtgAdapter(
        lookup,
        createOutboundRequests(allow),
        async () => ({ apiUrl: null, secret: null }),
        NO_ERRORS,
      ).validateDataSource(
        { type: 'prtg', host: 'http://127.0.0.1:8080', sensorId: SENSOR },
        { appId: 'a', field: 'dataSource' },
      );
    const refused = await check([]).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(HttpError);
    expect(refused).toMatchObject({ statusCode: 400, code: 'prtg.errors.addressRefused', field: 'dataSource.host' });
    await expect(check(['127.0.0.1'])).resolves.toBeUndefined();
  });
});

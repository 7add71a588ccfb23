import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { HttpError, type DataSourceSink, type DeviceServerAccess } from '@sensorium/core/server';
import type { ItemLookup } from '@sensorium/nodes/common';
import { createOutboundRequests } from '../../../host/server/outbound';
import { serverPlugins } from '../../../host/server/plugins';
import { databaseBackends, startTestServer, type TestServer } from '../../../host/server/testing';
import { PrtgAdapter, type PrtgPollResult } from './poller';
import { prtgPlugin } from './index';

const TOKEN = 'prtg-test-token';
const SENSOR = '2045';

/** A PRTG web server answering table.json for sensor 2045 to the right token, 401 to any other (as PRTG does). */
async function fakePrtg(): Promise<{ server: Server; url: string; requests: URL[] }> {
  const requests: URL[] = [];
  let scans = 0;
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://prtg');
    requests.push(url);
    response.setHeader('content-type', 'application/json');
    if (url.pathname !== '/api/table.json' || url.searchParams.get('content') !== 'channels') {
      response.statusCode = 404;
      return void response.end('{}');
    }
    if (url.searchParams.get('apitoken') !== TOKEN) {
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
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, requests };
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

  it("polls the sensor's channels with the API token and shows their last values on the item, again on each interval", async () => {
    const added = await api('POST', `${items}/items`, {
      newItem: { itemType: 'item', itemName: 'core-switch', dataSource: { type: 'prtg', host: '127.0.0.1', deviceEUI: SENSOR } },
      parentName: 'root',
    });
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    const values = async () => (await api('GET', `${items}/items/${added.body.uuid}`)).body.outputSimple;

    await expect.poll(values, { timeout: 10_000 }).toMatchObject({ Downtime: 0, 'Response Time': expect.any(Number) });
    const first = (await values())['Response Time'];
    await expect.poll(async () => (await values())['Response Time'], { timeout: 10_000 }).toBeGreaterThan(first);
    expect((await values()).Status).toBe('No data');
    const asked = prtg.requests.find((url) => url.searchParams.get('id') === SENSOR)!;
    expect(Object.fromEntries(asked.searchParams)).toMatchObject({ content: 'channels', apitoken: TOKEN, id: SENSOR });
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
      field: 'newItem.dataSource.deviceEUI',
      code: 'prtg.errors.sensorId',
      message: '請輸入 PRTG 感應器 ID（數字）。',
    });
  });
});

describe('PRTG poll failures', () => {
  const target = {
    uuid: 'u1',
    appId: 'plant_1',
    itemName: 'core-switch',
    dataSource: { type: 'prtg', host: '127.0.0.1', deviceEUI: SENSOR },
  };
  const lookup = { enabledItemsOfSource: async () => [target] } as unknown as ItemLookup;

  /** Polls the one item once with these API settings; answers what was ingested and the poll's outcome. */
  async function pollOnce(access: DeviceServerAccess, allow = ['127.0.0.1']) {
    const results: PrtgPollResult[] = [];
    const ingested: unknown[] = [];
    const adapter = new PrtgAdapter(
      lookup,
      createOutboundRequests(allow),
      async () => access,
      (result) => void results.push(result),
    );
    await adapter.start({ ingest: async (uplinks: unknown[]) => void ingested.push(...uplinks) } as unknown as DataSourceSink);
    await adapter.poll();
    return { ingested, error: results[0]?.error };
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
        () => {},
      ).validateDataSource(
        { type: 'prtg', host: 'http://127.0.0.1:8080', deviceEUI: SENSOR },
        { appId: 'a', field: 'dataSource' },
      );
    const refused = await check([]).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(HttpError);
    expect(refused).toMatchObject({ statusCode: 400, code: 'prtg.errors.addressRefused', field: 'dataSource.host' });
    await expect(check(['127.0.0.1'])).resolves.toBeUndefined();
  });
});

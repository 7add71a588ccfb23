import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createOutboundRequests } from '../../../host/server/outbound';
import { TtsAdapter } from './adapter';
import type { TtsConfig } from './config';

interface Recorded {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
}

/** A stand-in for The Things Stack's HTTP API: records requests; `status(path)` chooses each answer. */
async function startDeviceServer() {
  const requests: Recorded[] = [];
  const state = { status: (_path: string) => 200 };
  const server: Server = createServer((request, response) => {
    requests.push({ method: request.method ?? '', path: request.url ?? '', headers: request.headers });
    response.writeHead(state.status(request.url ?? ''), { 'content-type': 'application/json' }).end('{}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { url, requests, state, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

describe('The Things Stack deleteDevice', () => {
  let tts: Awaited<ReturnType<typeof startDeviceServer>>;
  // The stand-in listens on loopback, which the outbound guard reaches only when the operator allows it.
  const adapter = (config: Partial<TtsConfig>, allow = ['127.0.0.1']) =>
    new TtsAdapter(
      {} as never,
      async () => ({ apiUrl: config.apiUrl ?? null, secret: config.apiKey ?? null }),
      createOutboundRequests(allow),
    );
  const operator = { organisationId: null };
  const device = { deviceId: 'eui-70b3d57ed005a1b2', application: 'plant-sensors@ttn' };

  beforeAll(async () => {
    tts = await startDeviceServer();
  });
  beforeEach(() => {
    tts.requests.length = 0;
    tts.state.status = () => 200;
  });
  afterAll(() => tts?.close());

  it('deletes the device from the Application, Network and Join Server, then from the Identity Server, with the API key', async () => {
    await adapter({ apiUrl: tts.url, apiKey: 'NNSXS.key' }).deleteDevice(device, operator);
    const path = 'applications/plant-sensors/devices/eui-70b3d57ed005a1b2';
    expect(tts.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      `DELETE /api/v3/as/${path}`,
      `DELETE /api/v3/ns/${path}`,
      `DELETE /api/v3/js/${path}`,
      `DELETE /api/v3/${path}`,
    ]);
    for (const request of tts.requests) expect(request.headers.authorization).toBe('Bearer NNSXS.key');
  });

  it('treats 404 in a registry as already deleted and goes on', async () => {
    tts.state.status = (path) => (path.includes('/js/') || path.includes('/as/') ? 404 : 200);
    await adapter({ apiUrl: tts.url, apiKey: 'k' }).deleteDevice({ deviceId: 'dev-1', application: 'app-1' }, operator);
    expect(tts.requests).toHaveLength(4);
    expect(tts.requests[3]!.path).toBe('/api/v3/applications/app-1/devices/dev-1');
  });

  it('stops at the first failing registry with an error naming The Things Stack and the answer', async () => {
    tts.state.status = (path) => (path.includes('/ns/') ? 500 : 200);
    await expect(
      adapter({ apiUrl: tts.url, apiKey: 'k' }).deleteDevice({ deviceId: 'dev-1', application: 'plant-sensors' }, operator),
    ).rejects.toThrow('The Things Stack answered 500');
    expect(tts.requests.map((r) => r.path.split('/')[3])).toEqual(['as', 'ns']);
  });

  it('fails naming the missing setting or application id, without calling anything', async () => {
    await expect(adapter({}).deleteDevice({ deviceId: 'dev-1', application: 'plant-sensors' }, operator)).rejects.toThrow(
      'TTS_API_URL is not set',
    );
    await expect(
      adapter({ apiUrl: tts.url }).deleteDevice({ deviceId: 'dev-1', application: 'plant-sensors' }, operator),
    ).rejects.toThrow('TTS_API_KEY is not set');
    await expect(
      adapter({ apiUrl: tts.url, apiKey: 'k' }).deleteDevice({ deviceId: 'dev-1', application: null }, operator),
    ).rejects.toThrow('dataSource.application');
    expect(tts.requests).toEqual([]);
  });

  it("refuses an API on the console's own network unless SENSORIUM_OUTBOUND_ALLOW opens it", async () => {
    await expect(
      adapter({ apiUrl: tts.url, apiKey: 'k' }, []).deleteDevice({ deviceId: 'dev-1', application: 'plant-sensors' }, operator),
    ).rejects.toThrow(/The Things Stack could not be reached at http:\/\/127\.0\.0\.1:\d+: .*SENSORIUM_OUTBOUND_ALLOW/);
    expect(tts.requests).toEqual([]);
  });
});

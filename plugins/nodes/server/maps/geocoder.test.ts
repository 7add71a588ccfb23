import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createOutboundRequests } from '../../../../host/server/outbound';
import { Geocoder, geocoderUserAgent, type GeocoderSettings } from './geocoder';

/** A local stand-in for a Nominatim server that records when and how it was asked. */
describe('the geocoder within Nominatim’s usage policy', () => {
  let geocoderServer: Server;
  let base: string;
  let asked: { q: string; at: number; userAgent: string | undefined }[] = [];

  beforeAll(async () => {
    geocoderServer = createServer((request, response) => {
      const q = new URL(request.url ?? '/', 'http://localhost').searchParams.get('q') ?? '';
      asked.push({ q, at: Date.now(), userAgent: request.headers['user-agent'] });
      if (q === 'broken') return void response.writeHead(503).end('busy');
      response
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify([{ lat: '22.2793', lon: '114.1628', display_name: `${q}, Hong Kong` }]));
    });
    await new Promise<void>((resolve) => geocoderServer.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(geocoderServer.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise((resolve) => geocoderServer?.close(resolve)));
  beforeEach(() => {
    asked = [];
  });

  const settings = (overrides: Partial<GeocoderSettings> = {}) => ({
    url: base,
    userAgent: geocoderUserAgent('1.7.3', 'ops@acme.example'),
    intervalMs: 0,
    ...overrides,
  });
  const geocoder = (overrides: Partial<GeocoderSettings> = {}) =>
    new Geocoder(createOutboundRequests(['127.0.0.1']), () => settings(overrides));

  it('does not reach a geocoder on the console’s own network unless SENSORIUM_OUTBOUND_ALLOW opens it', async () => {
    expect(await new Geocoder(createOutboundRequests(), () => settings()).search('Central')).toEqual([]);
    const metadata = settings({ url: 'http://169.254.169.254/latest' });
    expect(await new Geocoder(createOutboundRequests(['127.0.0.1']), () => metadata).search('Central')).toEqual([]);
    expect(asked).toHaveLength(0);
    expect(await geocoder().search('Central')).toEqual([{ address: 'Central, Hong Kong', lat: 22.2793, lng: 114.1628 }]);
    expect(asked).toHaveLength(1);
  });

  it('says who asks: Sensorium, its version and the operator’s contact, never a library’s stock User-Agent', async () => {
    await geocoder().search('Admiralty');
    expect(asked[0]!.userAgent).toBe('Sensorium/1.7.3 (ops@acme.example)');
    expect(geocoderUserAgent('1.7.3', ['https://iot.acme.example', null, 'support@acme.example'])).toBe(
      'Sensorium/1.7.3 (https://iot.acme.example; support@acme.example)',
    );
    expect(geocoderUserAgent('1.7.3', [])).toBe('Sensorium/1.7.3');
  });

  it('starts requests at least the interval apart, also when many searches arrive at once', async () => {
    const search = geocoder({ intervalMs: 300 });
    const answers = await Promise.all(['Wan Chai', 'Mong Kok', 'Sha Tin'].map((q) => search.search(q)));
    expect(answers.map((places) => places.length)).toEqual([1, 1, 1]);
    expect(asked.map((request) => request.q)).toEqual(['Wan Chai', 'Mong Kok', 'Sha Tin']);
    for (let i = 1; i < asked.length; i++) expect(asked[i]!.at - asked[i - 1]!.at).toBeGreaterThanOrEqual(290);
  });

  it('answers nothing at once rather than queue a search for more than 5 s', async () => {
    const search = geocoder({ intervalMs: 3000 });
    const started = Date.now();
    const [first, second, third] = await Promise.all([search.search('One'), search.search('Two'), search.search('Three')]);
    expect([first.length, second.length, third]).toEqual([1, 1, []]);
    expect(asked.map((request) => request.q)).toEqual(['One', 'Two']);
    expect(Date.now() - started).toBeLessThan(4500);
  });

  it('asks once for the same search, later or meanwhile, in any case and spacing; failures are asked again', async () => {
    const search = geocoder({ intervalMs: 50 });
    const [a, b] = await Promise.all([search.search('Central'), search.search('  central ')]);
    expect(b).toEqual(a);
    expect(await search.search('CENTRAL')).toEqual(a);
    expect(asked).toHaveLength(1);
    expect(await search.search('Central', 'zh-HK')).toHaveLength(1);
    expect(asked).toHaveLength(2);

    expect(await search.search('broken')).toEqual([]);
    expect(await search.search('broken')).toEqual([]);
    expect(asked.filter((request) => request.q === 'broken')).toHaveLength(2);
  });

  it('asks nothing while switched off', async () => {
    expect(await geocoder({ url: null }).search('Central')).toEqual([]);
    expect(asked).toHaveLength(0);
  });
});

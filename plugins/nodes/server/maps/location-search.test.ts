import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOutboundRequests } from '../../../../host/server/outbound';
import { geocode } from './location-search';

describe('geocode through the outbound guard', () => {
  let geocoder: Server;
  let base: string;
  let hits = 0;

  beforeAll(async () => {
    geocoder = createServer((_request, response) => {
      hits++;
      response
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify([{ lat: '22.2793', lon: '114.1628', display_name: 'Central, Hong Kong' }]));
    });
    await new Promise<void>((resolve) => geocoder.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(geocoder.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise((resolve) => geocoder?.close(resolve)));

  it('does not reach a geocoder on the console’s own network unless SENSORIUM_OUTBOUND_ALLOW opens it', async () => {
    expect(await geocode(createOutboundRequests(), base, 'Central')).toEqual([]);
    expect(await geocode(createOutboundRequests(), 'http://169.254.169.254/latest', 'Central')).toEqual([]);
    expect(hits).toBe(0);
    expect(await geocode(createOutboundRequests(['127.0.0.1']), base, 'Central')).toEqual([
      { address: 'Central, Hong Kong', lat: 22.2793, lng: 114.1628 },
    ]);
    expect(hits).toBe(1);
  });
});

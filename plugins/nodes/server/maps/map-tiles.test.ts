import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { templateOrigin } from '@sensorium/core/server';
import { startTestServer, type TestServer } from '../../../../host/server/testing';
import applications from '../../../applications/server';
import nodes from '../index';

describe('map tiles the browser may load', () => {
  let server: TestServer;

  beforeAll(async () => {
    vi.stubEnv('SENSORIUM_MAP_TILE_URL', 'https://{s}.tiles.acme.example/{z}/{x}/{y}.png');
    server = await startTestServer({ plugins: [applications, nodes] });
  });
  afterAll(async () => {
    vi.unstubAllEnvs();
    await server?.close();
  });

  it('lets the Content-Security-Policy load images from the configured tile server', async () => {
    const policy = (await server.request('GET', '/api/system/info')).headers['content-security-policy'];
    expect(policy).toMatch(/img-src 'self' data: blob: https:\/\/\*\.tiles\.acme\.example(;| )/);
    const admin = (await server.login()).access_token;
    expect((await server.request('GET', '/api/location/map-settings', { token: admin })).body.tileUrl).toBe(
      'https://{s}.tiles.acme.example/{z}/{x}/{y}.png',
    );
  });

  it('takes the origin of a tile template, a {s} subdomain as a wildcard', () => {
    expect(templateOrigin('https://tile.openstreetmap.org/{z}/{x}/{y}.png')).toBe('https://tile.openstreetmap.org');
    expect(templateOrigin('http://tiles.local:8080/{z}/{x}/{y}.png')).toBe('http://tiles.local:8080');
    expect(templateOrigin("https://a.example'; script-src *")).toBeNull();
  });
});

import { brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerCompression } from './compression';

describe('answer compression', () => {
  let app: FastifyInstance;
  const rows = Array.from({ length: 2000 }, (_, index) => ({ itemName: `sensor-${index}`, severity: index % 5 }));

  beforeAll(async () => {
    app = Fastify();
    await registerCompression(app);
    app.get('/rows', () => ({ rows }));
    app.get('/small', () => ({ ok: true }));
    app.post('/echo', (request) => request.body);
    await app.ready();
  });
  afterAll(() => app.close());

  it('sends a large answer brotli-compressed to a browser that offers it, and says it varies by encoding', async () => {
    const response = await app.inject({ url: '/rows', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    const body = brotliDecompressSync(response.rawPayload);
    expect(JSON.parse(body.toString())).toEqual({ rows });
    expect(response.rawPayload.length).toBeLessThan(body.length / 5);
  });

  it('falls back to gzip, and to no encoding for a client that offers none', async () => {
    const gzip = await app.inject({ url: '/rows', headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString())).toEqual({ rows });
    const plain = await app.inject({ url: '/rows', headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.json()).toEqual({ rows });
  });

  it('sends small answers as they are', async () => {
    const response = await app.inject({ url: '/small', headers: { 'accept-encoding': 'br' } });
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.json()).toEqual({ ok: true });
  });

  it('does not expand compressed request bodies', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/echo',
      headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
      payload: gzipSync(JSON.stringify({ rows })),
    });
    expect(response.statusCode).toBe(400);
  });
});

import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coreServerResources, createTranslator } from '../i18n/translator';
import { installErrorReplies } from './error-replies';
import { registerClient } from './static-client';

const INDEX_HTML = '<!doctype html><title>Sensorium</title><div id="root"></div><script type="module" src="/assets/app-1a2b.js">';
const SCRIPT = `export const greeting = ${JSON.stringify('hello console '.repeat(200))};`;
/** Built without compressed copies, as the build leaves a file whose copies would not be smaller. */
const TINY_SCRIPT = 'export {};';

/** What a browser gets for a path when it sends this Accept-Encoding (none: no header), decoded as it would. */
async function fetchAs(app: FastifyInstance, url: string, acceptEncoding?: string) {
  const response = await app.inject({
    method: 'GET',
    url,
    headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding },
  });
  const encoding = response.headers['content-encoding'];
  const body = response.rawPayload;
  const decoded = encoding === 'br' ? brotliDecompressSync(body) : encoding === 'gzip' ? gunzipSync(body) : body;
  return {
    status: response.statusCode,
    encoding,
    type: response.headers['content-type'],
    vary: response.headers.vary,
    cacheControl: response.headers['cache-control'],
    bytes: body.length,
    text: decoded.toString('utf8'),
  };
}

describe('the built console, precompressed', () => {
  let app: FastifyInstance;
  let clientDir: string;

  beforeAll(async () => {
    clientDir = await mkdtemp(join(tmpdir(), 'sensorium-static-'));
    await mkdir(join(clientDir, 'assets'));
    await writeFile(join(clientDir, 'index.html'), INDEX_HTML);
    await writeFile(join(clientDir, 'index.html.br'), brotliCompressSync(INDEX_HTML));
    await writeFile(join(clientDir, 'index.html.gz'), gzipSync(INDEX_HTML));
    await writeFile(join(clientDir, 'assets', 'app-1a2b.js'), SCRIPT);
    await writeFile(join(clientDir, 'assets', 'app-1a2b.js.br'), brotliCompressSync(SCRIPT));
    await writeFile(join(clientDir, 'assets', 'app-1a2b.js.gz'), gzipSync(SCRIPT));
    await writeFile(join(clientDir, 'assets', 'tiny-3c4d.js'), TINY_SCRIPT);
    app = Fastify({ logger: false });
    installErrorReplies(app, createTranslator([coreServerResources]), await registerClient(app, clientDir));
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await rm(clientDir, { recursive: true, force: true });
  });

  it('sends brotli to a browser that accepts it, gzip to one that accepts only gzip, and the file itself otherwise', async () => {
    const brotli = await fetchAs(app, '/assets/app-1a2b.js', 'gzip, deflate, br, zstd');
    const gzip = await fetchAs(app, '/assets/app-1a2b.js', 'gzip, deflate');
    const plain = await fetchAs(app, '/assets/app-1a2b.js');
    const identity = await fetchAs(app, '/assets/app-1a2b.js', 'identity');
    expect([brotli.encoding, gzip.encoding, plain.encoding, identity.encoding]).toEqual(['br', 'gzip', undefined, undefined]);
    for (const answer of [brotli, gzip, plain, identity]) {
      expect(answer).toMatchObject({ status: 200, text: SCRIPT, vary: expect.stringMatching(/accept-encoding/i) });
      expect(answer.type).toContain('javascript');
    }
    expect(brotli.bytes).toBeLessThan(gzip.bytes);
    expect(gzip.bytes).toBeLessThan(plain.bytes);
  });

  it('caches hashed assets for good in every encoding', async () => {
    for (const accept of ['br', 'gzip', undefined]) {
      expect((await fetchAs(app, '/assets/app-1a2b.js', accept)).cacheControl).toBe('public, max-age=31536000, immutable');
    }
  });

  it('revalidates index.html, for the root and for deep links, compressed as well', async () => {
    for (const url of ['/', '/index.html', '/application/application-list']) {
      const page = await fetchAs(app, url, 'gzip, deflate, br');
      expect(page).toMatchObject({ status: 200, encoding: 'br', text: INDEX_HTML, cacheControl: 'no-cache' });
      expect(page.type).toContain('text/html');
      expect(page.vary).toMatch(/accept-encoding/i);
    }
    expect(await fetchAs(app, '/application/application-list')).toMatchObject({ encoding: undefined, text: INDEX_HTML });
  });

  it('sends a file the build left uncompressed as it is, whatever the browser accepts', async () => {
    const tiny = await fetchAs(app, '/assets/tiny-3c4d.js', 'gzip, deflate, br');
    expect(tiny).toMatchObject({ status: 200, encoding: undefined, text: TINY_SCRIPT });
    expect(tiny.cacheControl).toContain('immutable');
  });
});

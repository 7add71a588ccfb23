import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTranslator, coreServerResources } from '../i18n/translator';
import { databaseBackends, startTestServer, type TestServer } from '../testing';
import { installErrorReplies } from './error-replies';
import { registerClient } from './static-client';

const INDEX_HTML = '<!doctype html><title>Sensorium</title><div id="root"></div>';

describe.each(databaseBackends())('health, metrics and the console on %s', (backend) => {
  let server: TestServer;
  let clientDir: string;
  const page = async (path: string) => {
    const response = await fetch(`${server.url}${path}`);
    return {
      status: response.status,
      type: response.headers.get('content-type'),
      text: await response.text(),
      headers: response.headers,
    };
  };

  beforeAll(async () => {
    clientDir = await mkdtemp(join(tmpdir(), 'sensorium-client-'));
    await mkdir(join(clientDir, 'assets'));
    await writeFile(join(clientDir, 'index.html'), INDEX_HTML);
    await writeFile(join(clientDir, 'assets', 'app-1a2b.js'), 'console.log("console")');
    server = await startTestServer({ backend, clientDir });
  });
  afterAll(async () => {
    await server?.close();
    await rm(clientDir, { recursive: true, force: true });
  });

  it('reports health while the database answers', async () => {
    expect(await server.request('GET', '/healthz')).toMatchObject({ status: 200, body: { status: 'ok' } });
  });

  it('exposes request counts and durations by route pattern, and process metrics', async () => {
    await server.request('GET', '/api/auth/me');
    const metrics = await page('/metrics');
    expect(metrics.status).toBe(200);
    expect(metrics.text).toContain('http_requests_total{method="GET",route="/api/auth/me",status="401"} 1');
    expect(metrics.text).toMatch(
      /http_request_duration_seconds_bucket\{le="0.005",method="GET",route="\/api\/auth\/me",status="401"\}/,
    );
    expect(metrics.text).toContain('process_cpu_user_seconds_total');
  });

  it('serves the console, with index.html for deep links and JSON 404s for the API', async () => {
    const root = await page('/');
    expect(root).toMatchObject({ status: 200, text: INDEX_HTML });
    const deepLink = await page('/application/application-list');
    expect(deepLink).toMatchObject({ status: 200, text: INDEX_HTML });
    expect(deepLink.type).toContain('text/html');
    expect(deepLink.headers.get('cache-control')).toBe('no-cache');
    const asset = await page('/assets/app-1a2b.js');
    expect(asset).toMatchObject({ status: 200, text: 'console.log("console")' });
    expect(asset.headers.get('cache-control')).toContain('immutable');
    const api = await page('/api/application/missing-route');
    expect(api.status).toBe(404);
    expect(JSON.parse(api.text).code).toBe('errors.notFound');
  });

  it('sends a Content-Security-Policy the console can run under', async () => {
    const policy = (await page('/')).headers.get('content-security-policy') ?? '';
    expect(policy).toContain("script-src 'self'");
    expect(policy).toContain("style-src 'self' 'unsafe-inline'");
    expect(policy).toContain("img-src 'self' data: blob:");
    expect(policy).toContain("connect-src 'self' ws: wss:");
    expect(policy).not.toContain('upgrade-insecure-requests');
  });

  it("sends helmet's other headers on pages and API answers alike", async () => {
    for (const path of ['/', '/api/application/missing-route']) {
      const { headers } = await page(path);
      expect(headers.get('x-content-type-options'), path).toBe('nosniff');
      expect(headers.get('x-frame-options'), path).toBe('SAMEORIGIN');
      expect(headers.get('strict-transport-security'), path).toContain('max-age=');
      expect(headers.get('cross-origin-opener-policy'), path).toBe('same-origin');
      expect(headers.get('content-security-policy'), path).toContain("default-src 'self'");
    }
  });
});

describe('a server whose console is not built', () => {
  it('tells the visitor to run npm run build, and keeps API 404s in JSON', async () => {
    const app = Fastify({ logger: false });
    installErrorReplies(
      app,
      createTranslator([coreServerResources]),
      await registerClient(app, join(tmpdir(), 'sensorium-no-such-build')),
    );
    const page = await app.inject({ method: 'GET', url: '/application/application-list' });
    expect(page.statusCode).toBe(503);
    expect(page.body).toContain('npm run build');
    const api = await app.inject({ method: 'GET', url: '/api/anything' });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toMatchObject({ code: 'errors.notFound' });
    await app.close();
  });
});

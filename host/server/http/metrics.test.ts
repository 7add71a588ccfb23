import Fastify from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { createTranslator, coreServerResources } from '../i18n/translator';
import { installErrorReplies } from './error-replies';
import { createMetrics, installMetrics } from './metrics';

describe('/metrics with SENSORIUM_METRICS_TOKEN', () => {
  let app: ReturnType<typeof Fastify> | undefined;
  afterEach(async () => {
    await app?.close();
    app = undefined;
  });

  const start = async (token: string | null) => {
    app = Fastify();
    installMetrics(app, createMetrics().registry, token);
    installErrorReplies(app, createTranslator([coreServerResources]));
    await app.ready();
    return app;
  };

  it('answers 401 without the bearer token and the metrics with it', async () => {
    const server = await start('scrape-secret');
    expect((await server.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(401);
    const wrong = await server.inject({ method: 'GET', url: '/metrics', headers: { authorization: 'Bearer scrape-secreT' } });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.body).not.toContain('process_cpu_user_seconds_total');
    const basic = await server.inject({ method: 'GET', url: '/metrics', headers: { authorization: 'Basic scrape-secret' } });
    expect(basic.statusCode).toBe(401);
    const right = await server.inject({ method: 'GET', url: '/metrics', headers: { authorization: 'Bearer scrape-secret' } });
    expect(right.statusCode).toBe(200);
    expect(right.body).toContain('process_cpu_user_seconds_total');
  });

  it('stays open when no token is configured', async () => {
    const server = await start(null);
    expect((await server.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(200);
  });
});

import { createHash, timingSafeEqual } from 'node:crypto';
import { HttpError, type Metrics } from '@sensorium/core/server';
import type { FastifyInstance } from 'fastify';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/**
 * The server's registry and the MetricsToken service over it, made before the plugins are wired so they can add
 * counters. Each server has its own registry, so several servers in one process (tests) do not collide.
 */
export function createMetrics(): { registry: Registry; metrics: Metrics } {
  const registry = new Registry();
  const metrics: Metrics = {
    counter: (name, help, labelNames) => new Counter({ name, help, labelNames, registers: [registry] }),
    histogram: (name, help, labelNames, buckets) =>
      new Histogram({ name, help, labelNames, buckets: [...buckets], registers: [registry] }),
    gauge: (name, help, labelNames, collect) => {
      const gauge: Gauge<(typeof labelNames)[number]> = new Gauge({
        name,
        help,
        labelNames,
        registers: [registry],
        ...(collect ? { collect: () => collect(gauge) } : {}),
      });
      return gauge;
    },
  };
  return { registry, metrics };
}

/**
 * Prometheus metrics at /metrics: request count and duration by method, route pattern and status, Node's process metrics
 * and what plugins counted in `registry` (createMetrics).
 * With a token (SENSORIUM_METRICS_TOKEN) the endpoint answers 401 unless the request carries `Authorization: Bearer <token>`.
 */
export function installMetrics(app: FastifyInstance, registry: Registry, token: string | null = null): void {
  collectDefaultMetrics({ register: registry });
  const labelNames = ['method', 'route', 'status'] as const;
  const requests = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests answered',
    labelNames,
    registers: [registry],
  });
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer HTTP requests',
    labelNames,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  app.addHook('onResponse', async (request, reply) => {
    // The route pattern, never the raw URL, keeps the label set small; unmatched URLs share one label.
    const labels = { method: request.method, route: request.routeOptions.url ?? 'unmatched', status: String(reply.statusCode) };
    requests.inc(labels);
    duration.observe(labels, reply.elapsedTime / 1000);
  });
  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    if (token !== null && !bearerMatches(request.headers.authorization, token)) {
      throw new HttpError(401, 'errors.unauthorized');
    }
    return reply.type(registry.contentType).send(await registry.metrics());
  });
}

/** Compares digests so neither the token's content nor its length leaks through timing. */
function bearerMatches(header: string | undefined, token: string): boolean {
  const match = /^Bearer\s+(.+)$/i.exec(header ?? '');
  if (!match) return false;
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(match[1]!.trim()), digest(token));
}

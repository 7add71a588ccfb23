import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database } from '@sensorium/core/server';
import type { Readiness } from './readiness';

/**
 * The probes of load balancers and orchestrators (docs/deployment.md):
 * - GET /healthz, alive: 200 while the database answers, 503 otherwise (also while draining, so a restart is not rushed);
 * - GET /readyz, ready for traffic: 200 when the database answers, the migrations ran, the broker is connected and the
 *   server is not draining before a shutdown; otherwise 503 with a JSON body naming what is not ready (`notReady`).
 */
export function registerHealthCheck(app: FastifyInstance, db: Database, readiness: Readiness): void {
  // Probes come every few seconds: their requests are not logged unless something goes wrong.
  const probe = { schema: { hide: true }, logLevel: 'warn' } as const;
  app.get('/healthz', probe, async (request, reply) => {
    try {
      await db.execute(sql`SELECT 1`);
      return { status: 'ok' };
    } catch (error) {
      request.log.error({ err: error }, 'health check: database unreachable');
      return reply.code(503).send({ status: 'unavailable' });
    }
  });
  app.get('/readyz', probe, async (_request, reply) => {
    const report = await readiness.report();
    return reply.code(report.status === 'ready' ? 200 : 503).send(report);
  });
}

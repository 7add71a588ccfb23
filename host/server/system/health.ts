import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database } from '@sensorium/core/server';

/** GET /healthz for load balancers and orchestrators: 200 while the database answers, 503 otherwise. */
export function registerHealthCheck(app: FastifyInstance, db: Database): void {
  app.get('/healthz', { schema: { hide: true } }, async (request, reply) => {
    try {
      await db.execute(sql`SELECT 1`);
      return { status: 'ok' };
    } catch (error) {
      request.log.error({ err: error }, 'health check: database unreachable');
      return reply.code(503).send({ status: 'unavailable' });
    }
  });
}

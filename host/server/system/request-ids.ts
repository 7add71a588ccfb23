import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { withLogContext } from '@sensorium/core/server';

export const REQUEST_ID_HEADER = 'x-request-id';

/** What a caller's own request id may look like: short, and nothing that could forge a log line or a header. */
const ACCEPTED_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/**
 * Fastify's genReqId: the X-Request-Id a proxy or caller sent (so one id follows a call through every hop), else a new
 * UUID (unique across restarts and instances, unlike Fastify's counter).
 */
export function requestId(request: IncomingMessage): string {
  const given = request.headers[REQUEST_ID_HEADER];
  return typeof given === 'string' && ACCEPTED_REQUEST_ID.test(given) ? given : randomUUID();
}

/**
 * Answers every request with its id (X-Request-Id) and runs it in a log context holding the id, so every line logged
 * while it is handled carries `reqId`, from plugin loggers too, and jobs it queues carry it on (host/server/jobs).
 * The context is entered again before the handler: body parsing runs on the socket's events, outside the first hook's.
 */
export function installRequestIds(app: FastifyInstance): void {
  app.addHook('onRequest', (request, reply, done) => {
    reply.header(REQUEST_ID_HEADER, request.id);
    withLogContext({ reqId: request.id }, done);
  });
  app.addHook('preHandler', (request, _reply, done) => withLogContext({ reqId: request.id }, done));
}

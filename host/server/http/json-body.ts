import type { FastifyInstance } from 'fastify';
import { HttpError } from '@sensorium/core/server';
import { MAX_INPUT_DEPTH } from './validate-input';

/** Whether JSON text nests arrays and objects deeper than `limit`; counted on the text so nothing recurses. */
export function nestsDeeperThan(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let index = 0; index < text.length; index += 1) {
    const char = text.charCodeAt(index);
    if (inString) {
      if (char === 0x5c) index += 1;
      else if (char === 0x22) inString = false;
    } else if (char === 0x22) inString = true;
    else if (char === 0x7b || char === 0x5b) {
      depth += 1;
      if (depth > limit) return true;
    } else if (char === 0x7d || char === 0x5d) depth -= 1;
  }
  return false;
}

/**
 * Fastify's JSON parser (with its prototype-poisoning protection), except that an empty body with a JSON content type
 * counts as no body: calls such as POST /api/auth/refresh carry none, and some HTTP clients still send the header.
 * JSON nested deeper than MAX_INPUT_DEPTH is a 400 before it is parsed (deep input overflows recursive code later).
 */
export function acceptEmptyJsonBodies(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) =>
    body === ''
      ? done(null, undefined)
      : nestsDeeperThan(body as string, MAX_INPUT_DEPTH)
        ? done(HttpError.badRequest('errors.inputTooDeep'), undefined)
        : parseJson(request, body as string, done),
  );
}

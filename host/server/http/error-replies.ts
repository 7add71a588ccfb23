import { STATUS_CODES } from 'node:http';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { API_PREFIX, languageFromHeader, type ApiErrorBody } from '@sensorium/core/common';
import { HttpError } from '@sensorium/core/server';
import type { Translator } from '../i18n/translator';
import { ValidationFailure } from './validate-input';

/** i18n keys for the client errors Fastify and its plugins raise themselves. */
const FRAMEWORK_ERROR_CODES: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'errors.invalidJson',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'errors.invalidJson',
  FST_ERR_CTP_BODY_TOO_LARGE: 'errors.payloadTooLarge',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'errors.unsupportedMediaType',
};
const STATUS_ERROR_CODES: Record<number, string> = {
  401: 'errors.unauthorized',
  403: 'errors.forbidden',
  404: 'errors.notFound',
  413: 'errors.payloadTooLarge',
  415: 'errors.unsupportedMediaType',
  429: 'errors.tooManyRequests',
};

function body(statusCode: number, code: string, message: string, extra: Partial<ApiErrorBody> = {}): ApiErrorBody {
  return { statusCode, error: STATUS_CODES[statusCode] ?? 'Error', code, message, ...extra };
}

/** Turns any error thrown while answering into an ApiErrorBody in the caller's language; unexpected ones become a logged 500. */
export function toErrorReply(error: unknown, request: FastifyRequest, translator: Translator): ApiErrorBody {
  const language = languageFromHeader(request.headers['accept-language']);
  const t = (key: string, params?: Record<string, string | number>) => translator.t(language, key, params);
  if (error instanceof ValidationFailure) {
    const fields = error.problems.map((problem) => ({
      field: problem.field,
      code: problem.code,
      message: t(problem.code, problem.params),
    }));
    const first = fields[0]!;
    return body(400, first.code, first.message, { field: first.field, fields });
  }
  if (error instanceof HttpError) {
    return body(error.statusCode, error.code, t(error.code, error.params), error.field ? { field: error.field } : {});
  }
  const status = (error as FastifyError).statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    const code = FRAMEWORK_ERROR_CODES[(error as FastifyError).code] ?? STATUS_ERROR_CODES[status] ?? 'errors.badRequest';
    return body(status, code, t(code));
  }
  request.log.error({ err: error }, 'request failed');
  return body(500, 'errors.internal', t('errors.internal'));
}

export function sendError(reply: FastifyReply, error: ApiErrorBody): FastifyReply {
  return reply.code(error.statusCode).type('application/json; charset=utf-8').send(error);
}

/**
 * Every error leaves as an ApiErrorBody. Unknown API paths and non-GET calls answer a JSON 404;
 * other GETs go to `pageFallback` (the console's index.html), when given.
 */
export function installErrorReplies(
  app: FastifyInstance,
  translator: Translator,
  pageFallback?: (request: FastifyRequest, reply: FastifyReply) => Promise<unknown> | unknown,
): void {
  app.setErrorHandler((error, request, reply) => sendError(reply, toErrorReply(error, request, translator)));
  app.setNotFoundHandler((request, reply) => {
    const isApi =
      request.url === API_PREFIX || request.url.startsWith(`${API_PREFIX}/`) || request.url.startsWith(`${API_PREFIX}?`);
    if (pageFallback && !isApi && (request.method === 'GET' || request.method === 'HEAD')) return pageFallback(request, reply);
    return sendError(reply, toErrorReply(HttpError.notFound(), request, translator));
  });
}

import type { ErrorStatus } from '@sensorium/core/server';

/** The JSON schema of ApiErrorBody (core/common/errors.ts), the body of every error answer (see error-replies.ts). */
export const API_ERROR_SCHEMA = {
  type: 'object',
  description: 'The body of every error answer; `message` is translated into the language of Accept-Language',
  required: ['statusCode', 'error', 'code', 'message'],
  properties: {
    statusCode: { type: 'integer', description: 'The HTTP status again' },
    error: { type: 'string', description: 'The HTTP reason phrase, e.g. Not Found' },
    code: { type: 'string', description: 'A stable i18n key such as errors.validation.required; clients may translate it' },
    message: { type: 'string' },
    field: { type: 'string', description: 'The first offending field of a 400 or 409' },
    fields: {
      type: 'array',
      description: 'Every offending field of a 400',
      items: {
        type: 'object',
        required: ['field', 'code', 'message'],
        properties: { field: { type: 'string' }, code: { type: 'string' }, message: { type: 'string' } },
      },
    },
  },
} as const;

const RETRY_AFTER = { description: 'Seconds to wait before trying again', schema: { type: 'integer' } };

/** One shared response per error status (components.responses), by name and with what it means for every route. */
export const ERROR_RESPONSES: Record<ErrorStatus, { name: string; description: string; headers?: object }> = {
  400: { name: 'BadRequest', description: 'The request is malformed or a field is invalid: `field` and `fields` name them' },
  401: { name: 'Unauthorized', description: 'No valid credentials: sign in (or refresh the access token) and try again' },
  403: { name: 'Forbidden', description: 'The caller lacks the permission, the user level or the device-tag rights' },
  404: { name: 'NotFound', description: 'No such object, or one the caller may not see (the two are not told apart)' },
  409: { name: 'Conflict', description: 'The change conflicts with the current state, e.g. a name already taken' },
  413: { name: 'PayloadTooLarge', description: 'The body or the uploaded file is larger than the route accepts' },
  429: {
    name: 'TooManyRequests',
    description: 'Too many attempts from this address or account',
    headers: { 'Retry-After': RETRY_AFTER },
  },
  502: {
    name: 'BadGateway',
    description: 'The device server the call needs (ChirpStack, The Things Stack, PRTG…) did not answer',
  },
};

export const API_ERROR_REF = '#/components/schemas/ApiError';

/** The components.responses entry of a status: its description, headers and the shared error schema. */
export function errorResponse(status: ErrorStatus) {
  const { description, headers } = ERROR_RESPONSES[status];
  return { description, ...(headers ? { headers } : {}), content: { 'application/json': { schema: { $ref: API_ERROR_REF } } } };
}

import type { FastifyRequest } from 'fastify';
import { HttpError } from '@sensorium/core/server';

/** Callbacks are a few fields; anything longer is not a provider's. */
const MAX_CALLBACK_BYTES = 64 * 1024;

/** A callback's POST parameters; a repeated form field keeps every value (the signature covers them all). */
export type CallbackParameters = Record<string, string | string[]>;

async function readText(request: FastifyRequest): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request.raw) {
    size += (chunk as Buffer).length;
    if (size > MAX_CALLBACK_BYTES) throw new HttpError(413, 'errors.payloadTooLarge');
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

function fromForm(text: string): CallbackParameters {
  const parameters: CallbackParameters = {};
  for (const [name, value] of new URLSearchParams(text)) {
    const before = parameters[name];
    parameters[name] = before === undefined ? value : [...(Array.isArray(before) ? before : [before]), value];
  }
  return parameters;
}

function fromJson(text: string): CallbackParameters {
  let parsed: unknown;
  try {
    parsed = text.trim() === '' ? {} : JSON.parse(text);
  } catch {
    throw HttpError.badRequest('errors.invalidJson');
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) throw HttpError.badRequest('errors.invalidJson');
  return Object.fromEntries(
    Object.entries(parsed).flatMap(([name, value]) =>
      ['string', 'number', 'boolean'].includes(typeof value) ? [[name, String(value)]] : [],
    ),
  );
}

/**
 * The body of a provider callback (a `rawBody` route: the console parses no form bodies elsewhere): Twilio posts
 * `application/x-www-form-urlencoded`, a generic gateway form or JSON fields (other JSON values are ignored).
 */
export async function readCallbackBody(request: FastifyRequest): Promise<CallbackParameters> {
  const text = await readText(request);
  return (request.headers['content-type'] ?? '').includes('json') ? fromJson(text) : fromForm(text);
}

/** One parameter's value (the first of a repeated one), or ''. */
export function parameter(parameters: CallbackParameters, name: string): string {
  const value = parameters[name];
  return (Array.isArray(value) ? value[0] : value) ?? '';
}

import {
  OutboundRequestError,
  type OutboundRequestOptions,
  type OutboundRequests,
  type OutboundResponse,
} from '@sensorium/core/server';
import { DeliveryRefusedError } from '../dispatch/channel-sender';

/** Every provider call gives up after this long; the job retries it later. */
export const PROVIDER_TIMEOUT_MS = 10_000;

/** Refusals no retry changes: a malformed or forbidden address, an answer too large to be a provider's. */
const FOR_GOOD = new Set(['bad-url', 'address-refused', 'too-large']);

/**
 * A call to a provider through the outbound guard, sorted by what a retry could change: a 4xx answer (other than 429)
 * or a refused address fails the delivery for good (DeliveryRefusedError); a 5xx, a 429, a timeout or an unreachable
 * host throws a plain error, so the job is retried with growing pauses.
 */
export async function providerRequest(
  outbound: OutboundRequests,
  url: string,
  options: OutboundRequestOptions,
): Promise<OutboundResponse> {
  let response: OutboundResponse;
  try {
    response = await outbound.fetch(url, { timeoutMs: PROVIDER_TIMEOUT_MS, ...options });
  } catch (error) {
    if (error instanceof OutboundRequestError && FOR_GOOD.has(error.reason)) throw new DeliveryRefusedError(error.message);
    throw error;
  }
  if (response.ok) return response;
  const said = `the provider answered ${response.status}: ${response.text().slice(0, 300)}`;
  if (response.status === 429 || response.status >= 500) throw new Error(said);
  throw new DeliveryRefusedError(said);
}

/** A value in a JSON answer by its path (`sid`, `data.id`, `messages[0].id`, `$.data.id`); null when it is not there. */
export function valueAtPath(document: unknown, path: string): unknown {
  const steps = path
    .replace(/^\$\.?/, '')
    .split(/\.|\[(\d+)\]/)
    .filter((step) => step !== undefined && step !== '');
  let value = document;
  for (const step of steps) {
    if (value === null || typeof value !== 'object' || !Object.hasOwn(value, step)) return null;
    value = (value as Record<string, unknown>)[step];
  }
  return value ?? null;
}

/** A provider's answer as JSON, or null when it is not JSON. */
export function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

import type { FastifyReply } from 'fastify';
import { HttpError } from './http-error';

/**
 * Growing delays after failed attempts, instead of locking an account (OWASP Authentication cheat sheet: an attacker
 * must not be able to lock the owner out). The first `free` failures of a scope cost nothing; then each attempt must
 * wait `firstDelaySeconds` after the last failure, doubling with every further failure up to `maxDelaySeconds`.
 * Failures older than `windowMinutes` are forgotten.
 */
export interface ThrottleRule {
  free: number;
  firstDelaySeconds: number;
  maxDelaySeconds: number;
  windowMinutes: number;
}

/** One account (or pending sign-up) from one address: the owner's own typing mistakes land here. */
export const PAIR_THROTTLE: ThrottleRule = { free: 5, firstDelaySeconds: 30, maxDelaySeconds: 15 * 60, windowMinutes: 24 * 60 };
/** One address, whatever the account: credential stuffing. Offices behind one address share it, hence more free tries. */
export const ADDRESS_THROTTLE: ThrottleRule = { free: 20, firstDelaySeconds: 30, maxDelaySeconds: 15 * 60, windowMinutes: 60 };
/**
 * One-time codes of one account from every address together: six digits are few, so guesses spread over many
 * addresses are slowed too. High enough that one attacking address cannot reach it before its pair rule stops it.
 */
export const CODE_CEILING_THROTTLE: ThrottleRule = {
  free: 20,
  firstDelaySeconds: 60,
  maxDelaySeconds: 60 * 60,
  windowMinutes: 24 * 60,
};

/** Failures of one scope inside a rule's window, and how long ago the last one was (null: none). */
export interface FailureCount {
  failures: number;
  secondsSinceLast: number | null;
}

/** The wait a rule asks after `failures` failures, in seconds after the last one. */
export function delayAfter(rule: ThrottleRule, failures: number): number {
  if (failures < rule.free) return 0;
  return Math.min(rule.maxDelaySeconds, rule.firstDelaySeconds * 2 ** (failures - rule.free));
}

/** Whole seconds still to wait before the next attempt; 0 when it may go ahead. */
export function secondsToWait(rule: ThrottleRule, count: FailureCount): number {
  if (count.secondsSinceLast === null) return 0;
  return Math.max(0, Math.ceil(delayAfter(rule, count.failures) - count.secondsSinceLast));
}

/** The 429 of a throttled attempt: Retry-After in seconds, and a translated message saying how long to wait. */
export function throttledError(reply: FastifyReply, seconds: number): HttpError {
  reply.header('retry-after', String(seconds));
  return seconds > 90
    ? new HttpError(429, 'errors.throttledMinutes', { minutes: Math.ceil(seconds / 60) })
    : new HttpError(429, 'errors.throttledSeconds', { seconds });
}

import { isEmail } from 'class-validator';
import { EVENT_SEVERITY_MAX, EVENT_SEVERITY_MIN, HELPER_TEXT_MAX_CHARS } from '../../common/limits';
import type { HelperCall } from '../../common/types';
import type { HelperRateLimit } from './rate-limit';

const E164 = /^\+[1-9]\d{6,14}$/;

function text(helper: string, name: string, value: unknown, max = HELPER_TEXT_MAX_CHARS): string {
  if (typeof value !== 'string' || value.trim() === '') throw new TypeError(`${helper}: ${name} must be a non-empty text`);
  if (value.length > max) throw new RangeError(`${helper}: ${name} is longer than ${max} characters`);
  return value;
}

/** Checks a helper's arguments as the script gave them and answers the call; a TypeError goes back to the script. */
function helperCall(helper: string, args: unknown[]): HelperCall {
  switch (helper) {
    case 'sendEmail': {
      const to = text(helper, 'to', args[0], 254);
      if (!isEmail(to)) throw new TypeError(`sendEmail: ${to} is not an e-mail address`);
      return { helper, to, subject: text(helper, 'subject', args[1], 200), text: text(helper, 'text', args[2]) };
    }
    case 'sendSms': {
      const to = text(helper, 'to', args[0], 16);
      if (!E164.test(to)) throw new TypeError(`sendSms: ${to} is not a phone number such as +85291234567`);
      return { helper, to, text: text(helper, 'text', args[1], 480) };
    }
    case 'createEvent': {
      const severity = args[1];
      if (
        typeof severity !== 'number' ||
        !Number.isInteger(severity) ||
        severity < EVENT_SEVERITY_MIN ||
        severity > EVENT_SEVERITY_MAX
      )
        throw new RangeError(`createEvent: severity must be a whole number from ${EVENT_SEVERITY_MIN} to ${EVENT_SEVERITY_MAX}`);
      return { helper, description: text(helper, 'description', args[0], 500), severity };
    }
    default:
      throw new ReferenceError(`${helper} is not a helper`);
  }
}

/**
 * The helper side of one run: each call is checked, counted against the application's limit and collected; what the
 * calls do happens after the run (a test run only shows them), never while the script holds the ingest's transaction.
 */
export function helperCollector(limit: HelperRateLimit, rateKey: string) {
  const calls: HelperCall[] = [];
  return {
    calls,
    handle(helper: string, args: unknown[]): void {
      const call = helperCall(helper, args);
      if (!limit.take(rateKey)) {
        throw new Error(`${helper}: this application's scripts used their ${limit.limit} helper calls of the last minute`);
      }
      calls.push(call);
    },
  };
}

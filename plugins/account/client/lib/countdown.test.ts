import { describe, expect, it } from 'vitest';
import { DEFAULT_CODE_VALIDITY_SECONDS, formatCountdown, secondsFromMinutes, secondsUntil } from './countdown';

describe('verification countdown', () => {
  it('formats minutes and two-digit seconds', () => {
    expect(formatCountdown(900)).toBe('15:00');
    expect(formatCountdown(899)).toBe('14:59');
    expect(formatCountdown(61)).toBe('1:01');
    expect(formatCountdown(9)).toBe('0:09');
    expect(formatCountdown(0)).toBe('0:00');
    expect(formatCountdown(-5)).toBe('0:00');
  });

  it('counts from expiresAt, else 900 seconds', () => {
    const now = Date.parse('2025-03-01T10:00:00Z');
    expect(secondsUntil('2025-03-01T10:14:59.800Z', now)).toBe(899);
    expect(secondsUntil('2025-03-01T09:59:00Z', now)).toBe(0);
    expect(secondsUntil(now + 30_000, now)).toBe(30);
    expect(secondsUntil(null, now)).toBe(DEFAULT_CODE_VALIDITY_SECONDS);
    expect(secondsUntil(undefined, now)).toBe(900);
    expect(secondsUntil('not a date', now)).toBe(900);
  });

  it('resets from validMinutes after a resend', () => {
    expect(secondsFromMinutes(15)).toBe(900);
    expect(secondsFromMinutes(5)).toBe(300);
    expect(secondsFromMinutes(undefined)).toBe(900);
  });
});

/** The verification countdown (accounts spec §4, §9). */

/** Shown and counted down when the token check gives no expiry: 15 minutes. */
export const DEFAULT_CODE_VALIDITY_SECONDS = 900;
/** Resend cooldown. */
export const RESEND_COOLDOWN_SECONDS = 30;
/** Countdown tick. */
export const COUNTDOWN_TICK_MS = 1000;

/** Seconds left until `expiresAt` (ISO text or epoch ms), never negative; 900 when there is no readable expiry. */
export function secondsUntil(expiresAt: string | number | null | undefined, now = Date.now()): number {
  if (expiresAt === null || expiresAt === undefined || expiresAt === '') return DEFAULT_CODE_VALIDITY_SECONDS;
  const at = typeof expiresAt === 'number' ? expiresAt : Date.parse(expiresAt);
  if (Number.isNaN(at)) return DEFAULT_CODE_VALIDITY_SECONDS;
  return Math.max(0, Math.floor((at - now) / 1000));
}

/** Seconds of validity after a resend (validMinutes from the server), else the default. */
export function secondsFromMinutes(validMinutes: number | null | undefined): number {
  return typeof validMinutes === 'number' && validMinutes > 0 ? Math.round(validMinutes * 60) : DEFAULT_CODE_VALIDITY_SECONDS;
}

/** A count of seconds from the server, whole and not negative; 0 when it sent none. */
export function secondsOrNone(seconds: number | null | undefined): number {
  return typeof seconds === 'number' && Number.isFinite(seconds) ? Math.max(0, Math.ceil(seconds)) : 0;
}

/** m:ss, e.g. 899 → 14:59, 0 → 0:00. */
export function formatCountdown(seconds: number): string {
  const whole = Math.max(0, Math.floor(seconds));
  const minutes = Math.floor(whole / 60);
  const rest = whole % 60;
  return `${minutes}:${String(rest).padStart(2, '0')}`;
}

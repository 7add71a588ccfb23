import type { AuditLog } from '@sensorium/core/server';

/** How many anonymous failed calls a window lets into the audit trail, per address and from all addresses together. */
export interface AnonymousFailureLimits {
  perAddress: number;
  overall: number;
  windowMs: number;
}

/** The defaults documented in docs/security.md: enough to see an attack and its addresses, too few to flood the trail. */
export const ANONYMOUS_FAILURE_LIMITS: AnonymousFailureLimits = { perAddress: 10, overall: 300, windowMs: 60_000 };

/** The calls a window refused to record: from one address, or (address null) from all addresses once the overall cap was hit. */
export interface CappedFailures {
  address: string | null;
  refused: number;
  from: Date;
  to: Date;
}

interface Window {
  from: number;
  until: number;
  written: number;
  refused: number;
  timer?: NodeJS.Timeout;
}

/** The action of the record that says how many anonymous failed calls were not recorded. */
export const CAPPED_ACTION = 'audit.anonymousFailuresCapped';
/** Beyond this many tracked addresses, windows that refused nothing and have ended are forgotten. */
const MAX_TRACKED = 10_000;
const OVERALL = Symbol('all addresses');
type Key = string | typeof OVERALL;

/**
 * Decides which failed calls of anonymous callers (no or a bad token, a refused public route) are recorded, so that an
 * attacker cannot flood the audit trail: at most `perAddress` records per address and `overall` from all addresses
 * per window; when a window that refused some ends, `onCapped` is told how many (one summary record). Kept in memory:
 * each server instance counts its own calls.
 */
export class AnonymousFailureCap {
  private readonly windows = new Map<Key, Window>();

  constructor(
    private readonly onCapped: (capped: CappedFailures) => Promise<void>,
    private readonly limits: AnonymousFailureLimits = ANONYMOUS_FAILURE_LIMITS,
  ) {}

  /** Whether this address's failed call is recorded; counts it either way. */
  admit(address: string): boolean {
    const now = Date.now();
    const own = this.window(address, now);
    const all = this.window(OVERALL, now);
    if (own.written >= this.limits.perAddress) return this.refuse(address, own, now);
    if (all.written >= this.limits.overall) return this.refuse(OVERALL, all, now);
    own.written++;
    all.written++;
    return true;
  }

  /** Reports the windows that refused calls so far (at shutdown, before the database closes) and stops their timers. */
  async close(): Promise<void> {
    await Promise.all([...this.windows.keys()].map((key) => this.flush(key)));
  }

  private window(key: Key, now: number): Window {
    const current = this.windows.get(key);
    if (current && current.until > now) return current;
    if (current) void this.flush(key);
    if (this.windows.size >= MAX_TRACKED) this.forgetQuietWindows(now);
    const fresh: Window = { from: now, until: now + this.limits.windowMs, written: 0, refused: 0 };
    this.windows.set(key, fresh);
    return fresh;
  }

  private refuse(key: Key, window: Window, now: number): false {
    window.refused++;
    // The summary is written when the window ends, even if the attacker stops before.
    window.timer ??= setTimeout(() => void this.flush(key), window.until - now).unref();
    return false;
  }

  private async flush(key: Key): Promise<void> {
    const window = this.windows.get(key);
    if (!window) return;
    clearTimeout(window.timer);
    this.windows.delete(key);
    if (window.refused === 0) return;
    await this.onCapped({
      address: key === OVERALL ? null : key,
      refused: window.refused,
      from: new Date(window.from),
      to: new Date(window.until),
    });
  }

  private forgetQuietWindows(now: number): void {
    for (const [key, window] of this.windows) {
      if (window.refused === 0 && window.until <= now) this.windows.delete(key);
    }
  }
}

/** The cap of the route pipeline: a window that refused calls leaves one `system` record saying how many, and from where. */
export function auditedAnonymousFailureCap(
  audit: AuditLog,
  logError: (error: unknown) => void,
  limits?: AnonymousFailureLimits,
): AnonymousFailureCap {
  return new AnonymousFailureCap(
    ({ address, refused, from, to }) =>
      audit
        .record({
          userId: null,
          username: null,
          action: CAPPED_ACTION,
          type: 'system',
          log: { key: 'audit.log.anonymousCapped', params: { count: refused } },
          pluginId: 'core',
          address,
          outcome: 'failure',
          detail: { refused, from: from.toISOString(), to: to.toISOString() },
        })
        .catch(logError),
    limits,
  );
}

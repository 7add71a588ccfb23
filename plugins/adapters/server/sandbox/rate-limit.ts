const WINDOW_MS = 60_000;

/**
 * Helper calls per key (an application) in a sliding minute: a script over the limit gets an error it can catch, and
 * the call does nothing. Kept in memory per server: a limit against floods of e-mails, not an accounting.
 */
export class HelperRateLimit {
  private readonly calls = new Map<string, number[]>();
  constructor(
    private readonly perMinute: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Counts a call; false when the key used its calls of the last minute already. */
  take(key: string): boolean {
    const now = this.now();
    const recent = (this.calls.get(key) ?? []).filter((at) => now - at < WINDOW_MS);
    if (recent.length >= this.perMinute) {
      this.calls.set(key, recent);
      return false;
    }
    recent.push(now);
    this.calls.set(key, recent);
    return true;
  }

  get limit(): number {
    return this.perMinute;
  }
}

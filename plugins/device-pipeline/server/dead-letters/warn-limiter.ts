import type { Logger } from '@sensorium/core/server';

/** Lines logged per window before the rest are only counted. */
const LINES_PER_WINDOW = 20;
const WINDOW_MS = 60_000;

/**
 * Warn lines that a flood cannot turn into a flood of logs: the first LINES_PER_WINDOW of each minute are written, the
 * rest counted and summed up in one line when the next minute's first line comes.
 */
export class WarnLimiter {
  private windowStart = 0;
  private written = 0;
  private suppressed = 0;

  constructor(
    private readonly log: Logger,
    private readonly now: () => number = Date.now,
  ) {}

  warn(fields: Record<string, unknown>, message: string): void {
    const now = this.now();
    if (now - this.windowStart >= WINDOW_MS) {
      if (this.suppressed > 0) this.log.warn({ suppressed: this.suppressed }, `${message} (${this.suppressed} more not logged)`);
      this.windowStart = now;
      this.written = 0;
      this.suppressed = 0;
    }
    if (this.written < LINES_PER_WINDOW) {
      this.written++;
      this.log.warn(fields, message);
    } else this.suppressed++;
  }
}

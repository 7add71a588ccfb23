/** A toast the shell shows for 3000 ms (spec §9). Title and body are already translated. */
export interface Notification {
  intent: 'success' | 'error' | 'warning' | 'info';
  title: string;
  body?: string;
  /**
   * This toast already tells the user why a call failed (the HTTP client's Insufficient Permission on a 403): the
   * caller's own error toast for that failure, which follows at once, is not shown (spec §8 gives a 403 one message).
   */
  coversFailure?: boolean;
}

export type Notify = (notification: Notification) => void;

/** How long after a covering toast the caller's error toast for the same failure may still arrive. */
export const FAILURE_ECHO_MS = 1000;

/**
 * Hands notifications from anywhere (the HTTP client, stores, pages) to the one toaster the shell renders.
 * Notifications raised before the toaster mounts wait for it. A failure the HTTP client has already announced shows one
 * toast: the first error toast of each covered failure within FAILURE_ECHO_MS is dropped, and a covering toast repeated
 * by concurrent calls shows once.
 */
export class NotificationCenter {
  private readonly pending: Notification[] = [];
  private listener: Notify | null = null;
  private readonly waiting = new Set<() => void>();
  /** Covered failures whose caller has not raised its own error toast yet, and until when it may. */
  private covered = { count: 0, until: 0 };

  constructor(private readonly now: () => number = Date.now) {}

  readonly notify: Notify = (notification) => {
    if (this.absorbed(notification)) return;
    if (this.listener) {
      this.listener(notification);
      return;
    }
    this.pending.push(notification);
    for (const callback of this.waiting) callback();
    this.waiting.clear();
  };

  private absorbed(notification: Notification): boolean {
    const now = this.now();
    if (now >= this.covered.until) this.covered = { count: 0, until: 0 };
    if (notification.coversFailure) {
      const shown = this.covered.count > 0;
      this.covered = { count: this.covered.count + 1, until: now + FAILURE_ECHO_MS };
      return shown;
    }
    if (notification.intent !== 'error' || this.covered.count === 0) return false;
    this.covered.count--;
    return true;
  }

  /**
   * Calls `callback` once a notification waits for a toaster (at once if one already does): the shell loads its toaster
   * then, so a page that never raises one never loads it. The returned function cancels the call.
   */
  whenWaiting(callback: () => void): () => void {
    if (this.pending.length > 0) {
      callback();
      return () => undefined;
    }
    this.waiting.add(callback);
    return () => this.waiting.delete(callback);
  }

  /** The shell's toaster attaches itself here; the returned function detaches it. */
  attach(listener: Notify): () => void {
    this.listener = listener;
    for (const notification of this.pending.splice(0)) listener(notification);
    return () => {
      if (this.listener === listener) this.listener = null;
    };
  }
}

/** A toast the shell shows for 3000 ms (spec §9). Title and body are already translated. */
export interface Notification {
  intent: 'success' | 'error' | 'warning' | 'info';
  title: string;
  body?: string;
}

export type Notify = (notification: Notification) => void;

/**
 * Hands notifications from anywhere (the HTTP client, stores, pages) to the one toaster the shell renders.
 * Notifications raised before the toaster mounts wait for it.
 */
export class NotificationCenter {
  private readonly pending: Notification[] = [];
  private listener: Notify | null = null;

  readonly notify: Notify = (notification) => {
    if (this.listener) this.listener(notification);
    else this.pending.push(notification);
  };

  /** The shell's toaster attaches itself here; the returned function detaches it. */
  attach(listener: Notify): () => void {
    this.listener = listener;
    for (const notification of this.pending.splice(0)) listener(notification);
    return () => {
      if (this.listener === listener) this.listener = null;
    };
  }
}

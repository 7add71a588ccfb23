import { performance } from 'node:perf_hooks';

interface Waiting<T> {
  item: T;
  /** When the item arrived (performance.now), for the commit latency. */
  since: number;
  resolve: () => void;
  reject: (error: unknown) => void;
}

/** Told what a group commit takes and hands back (the MQTT metrics). */
export interface CommitMeter {
  /** An item arrived. */
  added(): void;
  /** A batch was handled (committed or failed): each item's time from arrival to the end of its batch, in seconds. */
  handled(waitedSeconds: readonly number[], failed: boolean): void;
}

/**
 * Group commit: items that arrive while a batch is being handled wait and go together into the next batch, so the
 * batch size follows the load (one item when idle, up to `maxBatch` under a burst) and one commit serves many publishers.
 * Each `add` resolves once the batch holding its item has been handled (committed), and rejects when that failed.
 */
export class GroupCommit<T> {
  private queue: Waiting<T>[] = [];
  private running: Promise<void> | null = null;

  constructor(
    private readonly handle: (items: T[]) => Promise<void>,
    private readonly maxBatch = 5000,
    private readonly meter: CommitMeter | null = null,
  ) {}

  add(item: T): Promise<void> {
    this.meter?.added();
    return new Promise<void>((resolve, reject) => {
      this.queue.push({ item, since: performance.now(), resolve, reject });
      this.running ??= this.drain();
    });
  }

  /** Resolves once every item added so far has been handled. */
  async idle(): Promise<void> {
    while (this.running) await this.running;
  }

  private async drain(): Promise<void> {
    // Let the rest of the current socket read (many PUBLISH packets) arrive before the first batch is cut.
    await new Promise((resolve) => setImmediate(resolve));
    while (this.queue.length > 0) {
      const batch = this.queue.splice(0, this.maxBatch);
      try {
        await this.handle(batch.map((waiting) => waiting.item));
        this.measure(batch, false);
        for (const waiting of batch) waiting.resolve();
      } catch (error) {
        this.measure(batch, true);
        for (const waiting of batch) waiting.reject(error);
      }
    }
    this.running = null;
  }

  private measure(batch: readonly Waiting<T>[], failed: boolean): void {
    if (!this.meter) return;
    const now = performance.now();
    this.meter.handled(
      batch.map((waiting) => (now - waiting.since) / 1000),
      failed,
    );
  }
}

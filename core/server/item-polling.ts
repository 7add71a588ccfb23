import type { DataSourceSink, Uplink } from './data-sources';

/** An item a polling source reads: where its values go. */
export interface PolledItem {
  uuid: string;
  appId: string;
  itemName: string;
}

/** Keeps each polled item's last failure until it is read again (the nodes plugin's ItemSourceErrors fits). */
export interface PollFailureRecorder {
  failed(failures: readonly { uuid: string; message: string; at: Date }[]): Promise<void>;
  succeeded(uuids: readonly string[]): Promise<void>;
}

/**
 * A source that fetches its items' values itself (crawler, PRTG): a job calls `poll`, which reads the due items in
 * parallel and ingests their values in one batch. A failed read is reported and kept on its item; an item read and
 * ingested forgets its failure.
 */
export abstract class PollingSource<Target extends PolledItem> {
  abstract readonly type: string;
  private sink: DataSourceSink | null = null;
  /** When each item was last polled (ms). */
  private readonly lastPoll = new Map<string, number>();

  constructor(
    private readonly errors: PollFailureRecorder,
    private readonly onError: (target: Target, error: Error) => void,
  ) {}

  /** Every item of the source; those whose interval has passed since their last poll are read. */
  protected abstract targets(): Promise<Target[]>;
  protected abstract intervalSec(target: Target): number;
  protected abstract read(target: Target, signal?: AbortSignal): Promise<Record<string, unknown>>;

  async start(sink: DataSourceSink): Promise<void> {
    this.sink = sink;
  }

  async stop(): Promise<void> {
    this.sink = null;
  }

  /** Answers how many items were read. */
  async poll(signal?: AbortSignal): Promise<number> {
    const sink = this.sink;
    if (!sink) return 0;
    const now = Date.now();
    const due = (await this.targets()).filter(
      (target) => now - (this.lastPoll.get(target.uuid) ?? 0) >= this.intervalSec(target) * 1000,
    );
    const uplinks: Uplink[] = [];
    const read: string[] = [];
    const failures: { uuid: string; message: string; at: Date }[] = [];
    await Promise.all(
      due.map(async (target) => {
        this.lastPoll.set(target.uuid, now);
        try {
          const fields = await this.read(target, signal);
          const receivedAt = new Date();
          uplinks.push({
            source: this.type,
            deviceId: target.itemName,
            applicationId: target.appId,
            dedupKey: `${target.uuid}:${receivedAt.toISOString()}`,
            receivedAt,
            fields,
            raw: fields,
          });
          read.push(target.uuid);
        } catch (caught) {
          const error = caught instanceof Error ? caught : new Error(String(caught));
          this.onError(target, error);
          failures.push({ uuid: target.uuid, message: error.message, at: new Date() });
        }
      }),
    );
    await this.errors.failed(failures);
    if (uplinks.length > 0) {
      await sink.ingest(uplinks);
      await this.errors.succeeded(read);
    }
    return uplinks.length;
  }
}

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

export interface PollOptions<Target extends PolledItem> {
  /** The data-source type the uplinks carry. */
  source: string;
  sink: DataSourceSink;
  /** Every item of the source; those whose interval has passed since their last poll are read. */
  targets: readonly Target[];
  /** When each item was last polled (ms), kept by the source between polls. */
  lastPoll: Map<string, number>;
  intervalSec(target: Target): number;
  read(target: Target): Promise<Record<string, unknown>>;
  errors: PollFailureRecorder;
  onError(target: Target, error: Error): void;
}

/**
 * One poll of a source that fetches its items' values itself (crawler, PRTG): reads the due items in parallel and
 * ingests their values in one batch. A failed read is reported and kept on its item; an item read and ingested forgets
 * its failure. Answers how many items were read.
 */
export async function pollDueItems<Target extends PolledItem>(options: PollOptions<Target>): Promise<number> {
  const now = Date.now();
  const due = options.targets.filter(
    (target) => now - (options.lastPoll.get(target.uuid) ?? 0) >= options.intervalSec(target) * 1000,
  );
  const uplinks: Uplink[] = [];
  const read: string[] = [];
  const failures: { uuid: string; message: string; at: Date }[] = [];
  await Promise.all(
    due.map(async (target) => {
      options.lastPoll.set(target.uuid, now);
      try {
        const fields = await options.read(target);
        const receivedAt = new Date();
        uplinks.push({
          source: options.source,
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
        options.onError(target, error);
        failures.push({ uuid: target.uuid, message: error.message, at: new Date() });
      }
    }),
  );
  await options.errors.failed(failures);
  if (uplinks.length > 0) {
    await options.sink.ingest(uplinks);
    await options.errors.succeeded(read);
  }
  return uplinks.length;
}

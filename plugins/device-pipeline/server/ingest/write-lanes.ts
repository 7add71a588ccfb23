/**
 * Runs the ingest's batch writes in a few lanes at once and everything else alone. A device always maps to the same
 * lane, so the uplinks of one device are written in arrival order, one batch at a time; batches of different lanes hold
 * different devices' items. Rows two lanes can share (a node-data parent, an item reached by device in one lane and by
 * application and name in the other) are locked FOR UPDATE when a transaction loads them, so the later transaction
 * waits and reads them as the earlier one committed them. Work across devices (the processing tick, a refresh, the
 * connection check) waits until every lane is idle, and the lanes' later batches wait for it.
 */
export class WriteLanes {
  private chains: Promise<unknown>[];

  constructor(readonly count: number) {
    this.chains = Array.from({ length: Math.max(1, Math.floor(count)) }, () => Promise.resolve());
  }

  /** The lane of a device (FNV-1a of source and device id, lower case). */
  laneOf(source: string, device: string): number {
    if (this.chains.length === 1) return 0;
    const key = `${source}\u0000${device.toLowerCase()}`;
    let hash = 0x811c9dc5;
    for (let i = 0; i < key.length; i++) hash = Math.imul(hash ^ key.charCodeAt(i), 0x01000193);
    return (hash >>> 0) % this.chains.length;
  }

  /** Runs after the lane's earlier work (whether it failed or not). */
  inLane<T>(lane: number, work: () => Promise<T>): Promise<T> {
    const run = this.chains[lane]!.then(work, work);
    this.chains[lane] = run.catch(() => undefined);
    return run;
  }

  /** Runs once every lane is idle; work queued afterwards in any lane waits for it. */
  alone<T>(work: () => Promise<T>): Promise<T> {
    const run = Promise.all(this.chains).then(work, work);
    const settled = run.catch(() => undefined);
    this.chains = this.chains.map(() => settled);
    return run;
  }

  /** Settles when the work queued so far has finished. */
  async idle(): Promise<void> {
    await Promise.all(this.chains);
  }
}

import {
  DataSourceSinkToken,
  defineServerPlugin,
  type DataSourceSink,
  type IngestOutcome,
  type ServerPlugin,
  type Uplink,
} from '@sensorium/core/server';

/** A sink for transport tests: records what was committed, drops redeliveries by (source, dedupKey), can be made to fail. */
export class RecordingSink implements DataSourceSink {
  readonly uplinks: Uplink[] = [];
  readonly batches: number[] = [];
  private readonly seen = new Set<string>();
  /** Items the sink knows, as `${source}:${deviceId}` (all known when empty). */
  readonly known = new Set<string>();
  /** The next ingest calls to fail (a database outage). */
  failNext = 0;
  /** Delay of each ingest, ms (a slow commit). */
  delayMs = 0;

  async ingest(uplinks: Uplink[]): Promise<IngestOutcome> {
    if (this.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, this.delayMs));
    if (this.failNext > 0) {
      this.failNext--;
      throw new Error('database unavailable');
    }
    const outcome: IngestOutcome = { stored: 0, duplicates: 0, unknown: 0 };
    this.batches.push(uplinks.length);
    for (const uplink of uplinks) {
      if (this.known.size > 0 && !this.known.has(`${uplink.source}:${uplink.deviceId}`)) {
        outcome.unknown++;
        continue;
      }
      const key = `${uplink.source}:${uplink.dedupKey}`;
      if (this.seen.has(key)) {
        outcome.duplicates++;
        continue;
      }
      this.seen.add(key);
      this.uplinks.push(uplink);
      outcome.stored++;
    }
    return outcome;
  }

  async waitFor(count: number, timeoutMs = 10_000): Promise<Uplink[]> {
    const deadline = Date.now() + timeoutMs;
    while (this.uplinks.length < count) {
      if (Date.now() > deadline) throw new Error(`expected ${count} uplinks, got ${this.uplinks.length}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    return this.uplinks;
  }
}

/**
 * Stands in for the nodes plugin (id `nodes`, so data-source plugins that depend on it start) with a recording sink,
 * and a node_items table with the columns data sources read.
 */
export function recordingSinkPlugin(sink: RecordingSink): ServerPlugin {
  return defineServerPlugin({
    manifest: {
      id: 'nodes',
      version: '0.0.0',
      description: 'Recording sink for transport tests',
      permissions: [],
      dependsOn: [],
    },
    migrations: [
      {
        id: '001-node-items',
        sql: `CREATE TABLE node_items (uuid uuid PRIMARY KEY DEFAULT gen_random_uuid(), app_id text NOT NULL,
          item_name text NOT NULL, enable boolean NOT NULL DEFAULT true, data_source jsonb NOT NULL DEFAULT '{}')`,
      },
    ],
    provides: [DataSourceSinkToken],
    register(context) {
      context.provide(DataSourceSinkToken, sink);
    },
  });
}

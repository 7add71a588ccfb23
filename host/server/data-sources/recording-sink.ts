import { sql } from 'drizzle-orm';
import {
  DatabaseToken,
  DataSourceSinkToken,
  defineServerPlugin,
  queryRows,
  type DataSourceSink,
  type IngestOutcome,
  type RejectedMessage,
  type ServerPlugin,
  type Uplink,
} from '@sensorium/core/server';
import {
  ItemLookupToken,
  ItemSourceErrorsToken,
  type ItemLookup,
  type ItemRef,
  type ItemSourceErrors,
  type SourceError,
} from '@sensorium/nodes/common';

/** A sink for transport tests: records what was committed, drops redeliveries by (source, dedupKey), can be made to fail. */
export class RecordingSink implements DataSourceSink {
  readonly uplinks: Uplink[] = [];
  /** What adapters handed back as no uplink (too large, not JSON, missing fields). */
  readonly rejected: RejectedMessage[] = [];
  readonly batches: number[] = [];
  private readonly seen = new Set<string>();
  /** Items the sink knows, as `${source}:${deviceId}` (all known when empty). */
  readonly known = new Set<string>();
  /** The next ingest calls to fail (a database outage). */
  failNext = 0;
  /** Delay of each ingest, ms (a slow commit). */
  delayMs = 0;
  /** The items' last source failures, by item uuid, as ItemSourceErrors keeps them. */
  readonly sourceErrors = new Map<string, SourceError>();
  /** ItemSourceErrors recording into `sourceErrors`. */
  readonly errors: ItemSourceErrors = {
    failed: async (failures) => {
      for (const { uuid, message, at } of failures) this.sourceErrors.set(uuid, { message, at: at.toISOString() });
    },
    succeeded: async (uuids) => {
      for (const uuid of uuids) this.sourceErrors.delete(uuid);
    },
  };

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

  async reject(messages: RejectedMessage[]): Promise<void> {
    this.rejected.push(...messages);
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
 * Stands in with a recording sink for the plugins data sources depend on: by default the nodes plugin (id `nodes`, so
 * data-source plugins that depend on it start), with a node_items table with the columns data sources read, the item
 * lookup over it and the items' source errors (recorded in the sink); as `device-pipeline`, the sink alone (for plugins that take the sink as a service).
 */
export function recordingSinkPlugin(sink: RecordingSink, id: 'nodes' | 'device-pipeline' = 'nodes'): ServerPlugin {
  const asNodes = id === 'nodes';
  return defineServerPlugin({
    manifest: {
      id,
      version: '0.0.0',
      description: 'Recording sink for transport tests',
      permissions: [],
      dependsOn: [],
      tables: asNodes ? ['node_items'] : [],
    },
    migrations: asNodes
      ? [
          {
            id: '001-node-items',
            sql: `CREATE TABLE node_items (uuid uuid PRIMARY KEY DEFAULT gen_random_uuid(), app_id text NOT NULL,
              item_name text NOT NULL, enable boolean NOT NULL DEFAULT true, data_source jsonb NOT NULL DEFAULT '{}')`,
          },
        ]
      : [],
    deps: { db: DatabaseToken },
    provides: asNodes ? [DataSourceSinkToken, ItemLookupToken, ItemSourceErrorsToken] : [DataSourceSinkToken],
    register(context, { db }) {
      context.provide(DataSourceSinkToken, sink);
      if (!asNodes) return;
      const refs = sql`SELECT uuid, app_id AS "appId", item_name AS "itemName" FROM node_items`;
      const lookup: ItemLookup = {
        find: async (appId, uuid) =>
          (await queryRows<ItemRef>(db, sql`${refs} WHERE app_id = ${appId} AND uuid = ${uuid}`))[0] ?? null,
        itemsOf: (appId, tx) => queryRows<ItemRef>(tx ?? db, sql`${refs} WHERE app_id = ${appId}`),
        // These rows carry no tags: a user limited to device tags sees none of them.
        visibleItems: async () => [],
        devices: async () => [],
        // No geo info either: no floor plans.
        floorPlan: async () => null,
        floorPlanImage: async () => null,
        enabledItemsOfSource: (type) =>
          queryRows(
            db,
            sql`SELECT uuid, app_id AS "appId", item_name AS "itemName", data_source AS "dataSource" FROM node_items
                WHERE enable AND data_source->>'type' = ${type}`,
          ),
      };
      context.provide(ItemLookupToken, lookup);
      context.provide(ItemSourceErrorsToken, sink.errors);
    },
  });
}

import type { SQL } from 'drizzle-orm';
import { createToken } from '@sensorium/core/common';
import type { LearntApplication } from './device-identity';
import type { NodeStatus } from './types';

/**
 * A transaction (or the database) of the host's Drizzle connection, as services take it to work inside the caller's
 * transaction. Common code cannot name core/server's Database, which satisfies this.
 */
export interface SqlExecutor {
  execute(statement: SQL): Promise<unknown>;
}

/** An item's stored state as the device pipeline processes it (node_items columns, camel case). */
export interface ItemStateRow {
  uuid: string;
  appId: string;
  itemName: string;
  displayName: string;
  itemType: string;
  parentUuid: string | null;
  enable: boolean;
  /** Changes whenever the field preferences (`input`) change: the pipeline caches inputs by it. */
  inputHash: string;
  outputSimple: Record<string, unknown> | null;
  status: Partial<NodeStatus> | null;
  /** Processing state (debounce windows, pending auto resets), owned by the pipeline. */
  runtime: Record<string, unknown> | null;
  /** dataSource.enableHistory as stored (any JSON value). */
  enableHistory: unknown;
  /** geoInfo.site.address. */
  address: string | null;
  sourceType: string | null;
  /** dataSource.sensorType: the device type event settings select devices by; null when it has none. */
  sensorType: string | null;
  /** geoInfo.tags (the device tags event settings select devices by). */
  tags: string[];
  deviceId: string | null;
  /** The device-server application the item is bound to (see DeviceRouter); null while unknown. */
  deviceApplication: string | null;
  connection: boolean;
  lastReceiveDate: Date | string | null;
  lastValidDate: Date | string | null;
  /** The caller's extra column (see ItemStateStore.lock), null without one. */
  extra: unknown;
}

/** Which items to lock: by device binding or name, by uuid, or those with time-based processing due. */
export type ItemSelector =
  | {
      /** Items bound to one of these devices (source type and lower-case device id)… */
      devices: readonly { source: string; deviceId: string }[];
      /** …or named so in that application (uplinks that name their application). */
      names: readonly { appId: string; itemName: string }[];
    }
  | { uuids: readonly string[] }
  /** Items whose runtime.dueAt (epoch ms) has come, at most `limit`. */
  | { dueAt: number; limit: number };

/** The pipeline's writes to an item after processing. */
export interface ItemStateWrite {
  uuid: string;
  outputSimple: Record<string, unknown>;
  status: NodeStatus;
  runtime: Record<string, unknown>;
  /** Latest uplink time of the batch (ISO): connection turns true. Null leaves connection and last receive date. */
  received: string | null;
  /** Latest valid uplink time of the batch (ISO); null leaves the last valid date. */
  valid: string | null;
  /**
   * The last receive date of the state this was computed from (ISO, null for none). A row whose last uplink is newer
   * than both this and `received` (another writer got there first) is left alone: its state never goes back in time.
   */
  basis: string | null;
}

/** An item whose connection just timed out. */
export interface ExpiredItem {
  uuid: string;
  appId: string;
  outputSimple: Record<string, unknown> | null;
  status: NodeStatus;
  lastReceiveDate: Date | string | null;
  lastValidDate: Date | string | null;
}

/**
 * The device pipeline's access to node_items, provided by the nodes plugin (which owns the table). Every call runs in
 * the caller's transaction and sends its rows as one statement per 10,000 (the ingest writes thousands of items a
 * second: the statements are the ingest's own, only their home moved).
 */
export interface ItemStateStore {
  /**
   * The selected items, locked FOR UPDATE, in uuid order. `extra` adds one column computed from the item's uuid (a
   * scalar subquery over the caller's own tables, e.g. its open events), answered as `extra`.
   */
  lock(tx: SqlExecutor, selector: ItemSelector, extra?: (itemUuid: SQL) => SQL): Promise<ItemStateRow[]>;
  /** The field preferences (`input`) of these items with their input hash. */
  inputs(
    tx: SqlExecutor,
    uuids: readonly string[],
  ): Promise<{ uuid: string; inputHash: string; input: Record<string, unknown> | null }[]>;
  /** The values of the children of these nodes (for node data). */
  children(
    tx: SqlExecutor,
    parents: readonly string[],
  ): Promise<{ uuid: string; parentUuid: string; outputSimple: Record<string, unknown> | null; enable: boolean }[]>;
  /**
   * Writes the items' state. Each of `alongside` (data-modifying statements of the caller on its own tables, such as
   * a history insert) rides in the same statement as one part of the update, as a WITH clause: one round trip less.
   */
  write(tx: SqlExecutor, items: readonly ItemStateWrite[], alongside?: readonly SQL[]): Promise<void>;
  /**
   * Binds items that had no device-server application to the one their first uplink came from (DeviceRouter.learnt):
   * dataSource.application is set and marked as learnt.
   */
  learnApplications(tx: SqlExecutor, learnt: readonly LearntApplication[]): Promise<void>;
  /** Items with a connection timeout whose last uplink is older turn disconnected; answers them. */
  expireConnections(tx: SqlExecutor): Promise<ExpiredItem[]>;
}
export const ItemStateToken = createToken<ItemStateStore>('nodes.item-state');

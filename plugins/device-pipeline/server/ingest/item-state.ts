import type { SqlExecutor } from '@sensorium/core/server';
import type {
  ExpiredItem,
  FieldPreference,
  ItemSelector,
  ItemStateRow,
  ItemStateStore,
  LearntApplication,
} from '@sensorium/nodes/common';
import type { PipelineEventStore } from '../../common/event-store';
import { isRuleRangeIndex } from '../../common/rule-evaluators';
import type { ItemRuntime, ItemStatus, OpenEvent, ProcessableItem } from '../../common/processing';
import { historyInserts, type HistoryRow } from './history-rows';

/** One item as the ingest works on it inside a transaction: its stored state plus what the batch changed. */
export interface ItemState extends ProcessableItem {
  itemType: string;
  parentUuid: string | null;
  enable: boolean;
  input: Record<string, Partial<FieldPreference> | undefined>;
  outputSimple: Record<string, unknown>;
  status: ItemStatus;
  runtime: ItemRuntime;
  openEvents: OpenEvent[];
  storeHistory: boolean;
  sourceType: string | null;
  /** dataSource.sensorType ('' for none) and the device tags: what event-setting rules select devices by. */
  deviceType: string;
  tags: string[];
  deviceId: string | null;
  deviceApplication: string | null;
  connection: boolean;
  lastReceiveDate: Date | null;
  lastValidDate: Date | null;
  /** Something to write back. */
  dirty: boolean;
  /** Latest uplink time of this batch when later than lastReceiveDate (connection turns true). */
  received: Date | null;
  /** Latest valid uplink time of this batch when later than lastValidDate. */
  valid: Date | null;
  /** Values or status changed (parents' node data, live push). */
  changed: boolean;
}

/**
 * Items' field preferences by uuid with a revision key (updated_at, which every preference write sets, and the stored
 * size): a batch fetches an item's input only when it changed since the last batch (it is the largest column), and the
 * processing reuses its normalized preferences.
 */
export class InputCache {
  private readonly entries = new Map<string, { hash: string; input: Record<string, Partial<FieldPreference>> }>();
  constructor(private readonly maxEntries = 100_000) {}

  get(uuid: string, hash: string): Record<string, Partial<FieldPreference>> | undefined {
    const entry = this.entries.get(uuid);
    return entry && entry.hash === hash ? entry.input : undefined;
  }

  set(uuid: string, hash: string, input: Record<string, Partial<FieldPreference>>): void {
    if (this.entries.size >= this.maxEntries) this.entries.clear();
    this.entries.set(uuid, { hash, input });
  }
}

/** Open events as [field, range index, severity, resume status]. */
type OpenEventTuple = [string, number, number, string | null];

export function toDate(value: Date | string | null | undefined): Date | null {
  if (value === null || value === undefined) return null;
  return value instanceof Date ? value : new Date(value);
}

function toState(row: ItemStateRow, cache: InputCache): ItemState {
  const enableHistory = row.enableHistory;
  const status = row.status ?? {};
  return {
    uuid: row.uuid,
    appId: row.appId,
    itemName: row.itemName,
    itemDisplayName: row.displayName,
    itemType: row.itemType,
    parentUuid: row.parentUuid,
    enable: row.enable,
    input: cache.get(row.uuid, row.inputHash) ?? {},
    outputSimple: row.outputSimple ?? {},
    status: {
      severity: status.severity ?? 0,
      eventSeverity: status.eventSeverity ?? 0,
      fieldStatus: status.fieldStatus ?? {},
      ...(status.discarded ? { discarded: status.discarded } : {}),
    },
    runtime: (row.runtime ?? {}) as ItemRuntime,
    // A rule's events are its evaluator's (their index is no range of the field): the field processing never resumes them.
    openEvents: ((row.extra as OpenEventTuple[] | null) ?? [])
      .filter(([, rangeIndex]) => !isRuleRangeIndex(Number(rangeIndex)))
      .map(([field, rangeIndex, severity, resumeStatus]) => ({
        field,
        rangeIndex: Number(rangeIndex),
        severity: Number(severity),
        resumeStatus,
      })),
    location: row.address ?? '',
    // Store history, effective: dataSource.enableHistory, else false for a node and true for an item.
    storeHistory: typeof enableHistory === 'boolean' ? enableHistory : row.itemType === 'item',
    sourceType: row.sourceType,
    deviceType: row.sensorType ?? '',
    tags: Array.isArray(row.tags) ? row.tags : [],
    deviceId: row.deviceId,
    deviceApplication: row.deviceApplication,
    connection: row.connection,
    lastReceiveDate: toDate(row.lastReceiveDate),
    lastValidDate: toDate(row.lastValidDate),
    dirty: false,
    received: null,
    valid: null,
    changed: false,
  };
}

/**
 * The ingest's items, read and written through the nodes plugin's ItemStateStore inside the batch's transaction: locked
 * when loaded, with their open events and their (cached) field preferences.
 */
export class ItemStates {
  private readonly inputs = new InputCache();

  constructor(
    private readonly store: ItemStateStore,
    /** The item's open events are loaded with it (one round trip less), as a column over the event store's table. */
    private readonly events: () => PipelineEventStore,
  ) {}

  private async load(tx: SqlExecutor, selector: ItemSelector): Promise<ItemState[]> {
    const rows = await this.store.lock(tx, selector, (itemUuid) => this.events().openEventsColumn(itemUuid));
    const missing = rows.filter((row) => !this.inputs.get(row.uuid, row.inputHash));
    if (missing.length > 0) {
      const inputs = await this.store.inputs(
        tx,
        missing.map((row) => row.uuid),
      );
      for (const row of inputs) {
        this.inputs.set(row.uuid, row.inputHash, (row.input ?? {}) as Record<string, Partial<FieldPreference>>);
      }
    }
    return rows.map((row) => toState(row, this.inputs));
  }

  /** Items by (source type, device id) or, for uplinks naming their application, by (application, item name). */
  byDevice(
    tx: SqlExecutor,
    devices: readonly { source: string; deviceId: string }[],
    names: readonly { appId: string; itemName: string }[],
  ): Promise<ItemState[]> {
    return this.load(tx, { devices, names });
  }

  /** Items that took their device-server application from an uplink of this batch (see DeviceRouter). */
  learnApplications(tx: SqlExecutor, learnt: readonly LearntApplication[]): Promise<void> {
    return this.store.learnApplications(tx, learnt);
  }

  byUuid(tx: SqlExecutor, uuids: readonly string[]): Promise<ItemState[]> {
    return this.load(tx, { uuids });
  }

  /** Items with time-based processing due (auto reset, stable-by-seconds debounce). */
  due(tx: SqlExecutor, nowMs: number, limit: number): Promise<ItemState[]> {
    return this.load(tx, { dueAt: nowMs, limit });
  }

  /** Children values of nodes (for node data). */
  children(tx: SqlExecutor, parents: readonly string[]) {
    return this.store.children(tx, parents);
  }

  /**
   * Writes the items' values, status, runtime and (for received items) connection and dates, with the history rows
   * riding along: one statement per 10k rows of each.
   */
  write(tx: SqlExecutor, items: readonly ItemState[], history: readonly HistoryRow[]): Promise<void> {
    return this.store.write(
      tx,
      items.map((item) => ({
        uuid: item.uuid,
        outputSimple: item.outputSimple,
        status: item.status,
        runtime: item.runtime as Record<string, unknown>,
        received: item.received?.toISOString() ?? null,
        valid: item.valid?.toISOString() ?? null,
        basis: item.lastReceiveDate?.toISOString() ?? null,
      })),
      historyInserts(history),
    );
  }

  /** Connection timeout: items silent for longer than their connectionTimeoutSec turn disconnected. */
  expireConnections(tx: SqlExecutor): Promise<ExpiredItem[]> {
    return this.store.expireConnections(tx);
  }
}

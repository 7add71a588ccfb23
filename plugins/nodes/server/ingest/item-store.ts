import { sql, type SQL } from 'drizzle-orm';
import type { FieldPreference } from '../../common/field-preference';
import type { EventChange, ItemRuntime, ItemStatus, OpenEvent, ProcessableItem } from '../../common/processing';
import { chunks, jsonParam, query, type Executor } from './sql-rows';

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
  deviceId: string | null;
  connection: boolean;
  lastReceiveDate: Date | null;
  lastValidDate: Date | null;
  /** Something to write back. */
  dirty: boolean;
  /** Latest uplink time of this batch (connection turns true). */
  received: Date | null;
  /** Latest valid uplink time of this batch. */
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

interface ItemRow {
  uuid: string;
  app_id: string;
  item_name: string;
  display_name: string;
  item_type: string;
  parent_uuid: string | null;
  enable: boolean;
  output_simple: Record<string, unknown> | null;
  status: Partial<ItemStatus> | null;
  runtime: ItemRuntime | null;
  input_hash: string;
  enable_history: unknown;
  address: string | null;
  source_type: string | null;
  device_id: string | null;
  connection: boolean;
  last_receive_date: Date | string | null;
  last_valid_date: Date | string | null;
  /** Open events as [field, range index, severity, resume status] (loaded with the item: one round trip less). */
  open_events: [string, number, number, string | null][] | null;
}

const ITEM_COLUMNS = sql.raw(`n.uuid, n.app_id, n.item_name, n.display_name, n.item_type, n.parent_uuid, n.enable,
  (n.updated_at::text || ':' || pg_column_size(n.input)::text) AS input_hash, n.output_simple, n.status, n.runtime, n.data_source->'enableHistory' AS enable_history,
  n.geo_info->'site'->>'address' AS address, n.source_type, n.device_id, n.connection, n.last_receive_date, n.last_valid_date,
  (SELECT json_agg(json_build_array(e.field, e.range_index, e.severity, e.resume_status)) FROM node_events e
    WHERE e.item_uuid = n.uuid AND NOT e.is_cleared) AS open_events`);

function toDate(value: Date | string | null): Date | null {
  if (value === null || value === undefined) return null;
  return value instanceof Date ? value : new Date(value);
}

function toState(row: ItemRow, cache: InputCache): ItemState {
  const enableHistory = row.enable_history;
  const status = row.status ?? {};
  return {
    uuid: row.uuid,
    appId: row.app_id,
    itemName: row.item_name,
    itemDisplayName: row.display_name,
    itemType: row.item_type,
    parentUuid: row.parent_uuid,
    enable: row.enable,
    input: cache.get(row.uuid, row.input_hash) ?? {},
    outputSimple: row.output_simple ?? {},
    status: { severity: status.severity ?? 0, eventSeverity: status.eventSeverity ?? 0, fieldStatus: status.fieldStatus ?? {} },
    runtime: row.runtime ?? {},
    openEvents: (row.open_events ?? []).map(([field, rangeIndex, severity, resumeStatus]) => ({
      field,
      rangeIndex: Number(rangeIndex),
      severity: Number(severity),
      resumeStatus,
    })),
    location: row.address ?? '',
    // Store history, effective: dataSource.enableHistory, else false for a node and true for an item.
    storeHistory: typeof enableHistory === 'boolean' ? enableHistory : row.item_type === 'item',
    sourceType: row.source_type,
    deviceId: row.device_id,
    connection: row.connection,
    lastReceiveDate: toDate(row.last_receive_date),
    lastValidDate: toDate(row.last_valid_date),
    dirty: false,
    received: null,
    valid: null,
    changed: false,
  };
}

async function loadItems(tx: Executor, cache: InputCache, where: SQL): Promise<ItemState[]> {
  const rows = await query<ItemRow>(tx, sql`SELECT ${ITEM_COLUMNS} FROM node_items n WHERE ${where} ORDER BY n.uuid FOR UPDATE`);
  const missing = rows.filter((row) => !cache.get(row.uuid, row.input_hash));
  if (missing.length > 0) {
    const inputs = await query<{ uuid: string; input_hash: string; input: Record<string, Partial<FieldPreference>> | null }>(
      tx,
      sql`SELECT uuid, (updated_at::text || ':' || pg_column_size(input)::text) AS input_hash, input FROM node_items
          WHERE uuid IN (SELECT json_array_elements_text(${jsonParam(missing.map((row) => row.uuid))})::uuid)`,
    );
    for (const row of inputs) cache.set(row.uuid, row.input_hash, row.input ?? {});
  }
  return rows.map((row) => toState(row, cache));
}

/** Items by (source type, device id) or, for uplinks naming their application, by (application, item name); locked. */
export function loadItemsByDevice(
  tx: Executor,
  cache: InputCache,
  devices: readonly { s: string; d: string }[],
  names: readonly { a: string; d: string }[],
): Promise<ItemState[]> {
  const byDevice = sql`n.device_id IS NOT NULL AND (n.source_type, n.device_id) IN (SELECT x.s, x.d FROM json_to_recordset(${jsonParam(devices)}) AS x(s text, d text))`;
  if (names.length === 0) return loadItems(tx, cache, byDevice);
  const byName = sql`(n.app_id, n.item_name) IN (SELECT y.a, y.d FROM json_to_recordset(${jsonParam(names)}) AS y(a text, d text))`;
  return loadItems(tx, cache, sql`((${byDevice}) OR ${byName})`);
}

export function loadItemsByUuid(tx: Executor, cache: InputCache, uuids: readonly string[]): Promise<ItemState[]> {
  return loadItems(tx, cache, sql`n.uuid IN (SELECT json_array_elements_text(${jsonParam(uuids)})::uuid)`);
}

/** Items with time-based processing due (auto reset, stable-by-seconds debounce). */
export function loadDueItems(tx: Executor, cache: InputCache, nowMs: number, limit: number): Promise<ItemState[]> {
  return loadItems(
    tx,
    cache,
    sql`n.uuid IN (SELECT uuid FROM node_items WHERE runtime ? 'dueAt' AND (runtime->>'dueAt')::float8 <= ${nowMs}::float8 LIMIT ${limit})`,
  );
}

/** Children values of nodes (for node data). */
export function loadChildren(
  tx: Executor,
  parents: readonly string[],
): Promise<{ uuid: string; parent_uuid: string; output_simple: Record<string, unknown> | null; enable: boolean }[]> {
  return query(
    tx,
    sql`SELECT uuid, parent_uuid, output_simple, enable FROM node_items
        WHERE parent_uuid IN (SELECT json_array_elements_text(${jsonParam(parents)})::uuid)`,
  );
}

export interface RawRow {
  app: string;
  item: string;
  name: string;
  source: string;
  key: string;
  at: string;
  raw: unknown;
  payload: unknown;
}

/** Inserts raw rows; returns the `${source}\0${dedupKey}` of the rows that were new (redeliveries are skipped). */
export async function insertRawRows(tx: Executor, rows: readonly RawRow[]): Promise<Set<string>> {
  const inserted = new Set<string>();
  for (const part of chunks(rows)) {
    const returned = await query<{ source: string; dedup_key: string }>(
      tx,
      sql`INSERT INTO raw_data (app_id, item_uuid, item_name, source, dedup_key, received_at, raw, payload)
          SELECT x.app, x.item, x.name, x.source, x.key, x.at, x.raw, x.payload
          FROM json_to_recordset(${jsonParam(part)})
            AS x(app text, item uuid, name text, source text, key text, at timestamptz, raw json, payload json)
          ON CONFLICT (source, dedup_key) DO NOTHING
          RETURNING source, dedup_key`,
    );
    for (const row of returned) inserted.add(`${row.source}\u0000${row.dedup_key}`);
  }
  return inserted;
}

export interface HistoryRow {
  u: string;
  f: string;
  t: string;
  v: number | null;
  tv: string | null;
}

/**
 * Writes the items' values, status, runtime and (for received items) connection and dates, and the history rows: one
 * statement per 10k rows of each, the history insert riding along as a WITH clause of the update (one round trip less
 * per batch; the two write different tables, so their order inside the statement does not matter).
 */
export async function writeItemsAndHistory(
  tx: Executor,
  items: readonly ItemState[],
  history: readonly HistoryRow[],
): Promise<void> {
  const itemParts = chunks(
    items.map((item) => ({
      u: item.uuid,
      o: item.outputSimple,
      s: item.status,
      r: item.runtime,
      lr: item.received?.toISOString() ?? null,
      lv: item.valid?.toISOString() ?? null,
    })),
  );
  const historyParts = chunks(history);
  for (let i = 0; i < Math.max(itemParts.length, historyParts.length); i++) {
    const historyPart = historyParts[i];
    const itemPart = itemParts[i];
    const insertHistory =
      historyPart &&
      sql`INSERT INTO field_history (item_uuid, field, at, value, text_value)
          SELECT x.u, x.f, x.t, x.v, x.tv
          FROM json_to_recordset(${jsonParam(historyPart)}) AS x(u uuid, f text, t timestamptz, v float8, tv text)`;
    if (!itemPart) {
      if (insertHistory) await tx.execute(insertHistory);
      continue;
    }
    const updateItems = sql`
      UPDATE node_items AS n SET
        output_simple = x.o, status = x.s, runtime = x.r,
        connection = CASE WHEN x.lr IS NULL THEN n.connection ELSE true END,
        last_receive_date = CASE WHEN x.lr IS NULL THEN n.last_receive_date ELSE x.lr END,
        last_valid_date = COALESCE(x.lv, n.last_valid_date)
      FROM json_to_recordset(${jsonParam(itemPart)}) AS x(u uuid, o jsonb, s jsonb, r jsonb, lr timestamptz, lv timestamptz)
      WHERE n.uuid = x.u`;
    await tx.execute(insertHistory ? sql`WITH history AS (${insertHistory}) ${updateItems}` : updateItems);
  }
}

type CreateChange = Extract<EventChange, { kind: 'create' }>;

/** An event created in this batch (possibly resumed or cleared within it too). */
interface NewEvent {
  app: string;
  item: string;
  name: string;
  change: CreateChange;
  resume: string | null;
  cleared: string | null;
}

/** Update of an event that was open before the batch. */
interface ExistingEventUpdate {
  u: string;
  f: string;
  i: number;
  sr: boolean;
  rs: string | null;
  c: string | null;
}

/** Who clears an event when its range allows auto clear. */
export const AUTO_CLEARED_BY = 'system';

/**
 * Collects the event changes of a batch in order and writes them with two statements: updates of events that were open
 * before (resume, reopen, auto clear), then inserts of new ones (which may already be resumed or cleared).
 */
export class EventWriter {
  private readonly created: NewEvent[] = [];
  private readonly open = new Map<string, NewEvent>();
  private readonly existing = new Map<string, ExistingEventUpdate>();
  /** Applications whose events changed. */
  readonly apps = new Set<string>();

  add(item: ItemState, change: EventChange): void {
    const key = `${item.uuid}\u0000${change.field}\u0000${change.rangeIndex}`;
    this.apps.add(item.appId);
    if (change.kind === 'create') {
      const event: NewEvent = { app: item.appId, item: item.uuid, name: item.itemName, change, resume: null, cleared: null };
      this.created.push(event);
      this.open.set(key, event);
      return;
    }
    const mine = this.open.get(key);
    if (mine) {
      if (change.kind === 'clear') {
        mine.cleared = change.at.toISOString();
        this.open.delete(key);
      } else mine.resume = change.kind === 'resume' ? change.resumeStatus : null;
      return;
    }
    let update = this.existing.get(key);
    if (!update) {
      update = { u: item.uuid, f: change.field, i: change.rangeIndex, sr: false, rs: null, c: null };
      this.existing.set(key, update);
    }
    if (change.kind === 'clear') update.c = change.at.toISOString();
    else {
      update.sr = true;
      update.rs = change.kind === 'resume' ? change.resumeStatus : null;
    }
  }

  get size(): number {
    return this.created.length + this.existing.size;
  }

  async write(tx: Executor): Promise<void> {
    for (const part of chunks([...this.existing.values()])) {
      await tx.execute(sql`
        UPDATE node_events AS e SET
          resume_status = CASE WHEN x.sr THEN x.rs ELSE e.resume_status END,
          is_cleared = x.c IS NOT NULL,
          cleared_at = x.c,
          cleared_by = CASE WHEN x.c IS NULL THEN e.cleared_by ELSE ${AUTO_CLEARED_BY} END,
          event_status = CASE WHEN x.c IS NULL THEN e.event_status ELSE 'cleared' END,
          updated_at = now()
        FROM json_to_recordset(${jsonParam(part)}) AS x(u uuid, f text, i int, sr boolean, rs text, c timestamptz)
        WHERE e.item_uuid = x.u AND e.field = x.f AND e.range_index = x.i AND NOT e.is_cleared`);
    }
    const rows = this.created.map(({ app, item, name, change, resume, cleared }) => ({
      app,
      item,
      name,
      f: change.field,
      i: change.rangeIndex,
      rn: change.rangeName,
      sv: change.severity,
      d: change.description,
      et: change.eventType,
      g: change.generatedAt.toISOString(),
      l: change.location,
      nd: change.node,
      v: change.value,
      un: change.unit,
      rs: change.rangeStatus,
      res: resume,
      c: cleared,
    }));
    for (const part of chunks(rows)) {
      await tx.execute(sql`
        INSERT INTO node_events (app_id, item_uuid, item_name, field, range_index, range_name, severity, description, event_type,
          generated_at, location, node, value, unit, range_status, resume_status, event_status, is_cleared, cleared_by, cleared_at)
        SELECT x.app, x.item, x.name, x.f, x.i, x.rn, x.sv, x.d, x.et, x.g, x.l, x.nd, x.v, x.un, x.rs, x.res,
          CASE WHEN x.c IS NULL THEN 'created' ELSE 'cleared' END, x.c IS NOT NULL,
          CASE WHEN x.c IS NULL THEN NULL ELSE ${AUTO_CLEARED_BY} END, x.c
        FROM json_to_recordset(${jsonParam(part)}) AS x(app text, item uuid, name text, f text, i int, rn text, sv int, d text,
          et text, g timestamptz, l text, nd jsonb, v text, un text, rs text, res text, c timestamptz)
        ON CONFLICT (item_uuid, field, range_index) WHERE NOT is_cleared DO NOTHING`);
    }
  }
}

/** Items with a connection timeout whose last uplink is older: connection turns false. Returns them. */
export function expireConnections(tx: Executor): Promise<
  {
    uuid: string;
    app_id: string;
    output_simple: Record<string, unknown>;
    status: ItemStatus;
    last_receive_date: Date | string | null;
    last_valid_date: Date | string | null;
  }[]
> {
  return query(
    tx,
    sql`UPDATE node_items SET connection = false
        WHERE connection
          AND data_source->>'connectionTimeoutSec' ~ '^[0-9]+(\\.[0-9]+)?$'
          AND (data_source->>'connectionTimeoutSec')::float8 > 0
          AND (last_receive_date IS NULL
            OR last_receive_date < now() - make_interval(secs => (data_source->>'connectionTimeoutSec')::float8))
        RETURNING uuid, app_id, output_simple, status, last_receive_date, last_valid_date`,
  );
}

export { toDate };

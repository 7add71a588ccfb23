import { and, asc, count, desc, eq, gte, inArray, lte, sql, type SQL } from 'drizzle-orm';
import { HttpError, type Database } from '@sensorium/core/server';
import type { ItemLookup } from '@sensorium/nodes/common';
import {
  REALTIME_LIMIT,
  type RawDataReader,
  REALTIME_WINDOW_MS,
  type HistoryResponse,
  type RawDataRow,
  type RawDataSearchInput,
  type RawDataSearchResponse,
} from '../../common/raw-data';
import { fieldHistory, rawData } from '../schema';

/** Default history range: the last day (spec 9). */
const DEFAULT_RANGE_MS = 24 * 60 * 60 * 1000;
const HISTORY_PAGE_DEFAULT = 10;
/** A chart reads at most this many points per call. */
const SERIES_LIMIT = 50_000;

/** The names of the items a caller's device-tag limit lets through; null when it has none. */
export async function visibleItemNames(
  items: Pick<ItemLookup, 'visibleItems'>,
  app: { id: string; deviceTags: readonly string[] | null },
): Promise<string[] | null> {
  return app.deviceTags === null ? null : (await items.visibleItems(app.id, app.deviceTags)).map((item) => item.itemName);
}

/** The time range and filters of a raw data search; null when it can have no row (item specific without a tag). */
function rawDataFilter(input: RawDataSearchInput, itemNames: readonly string[] | null, now: Date): SQL | undefined | null {
  const tags = (input.tags ?? []).filter((tag) => tag !== '');
  if (input.isItemSpecific && tags.length === 0) return null;
  const realtime = input.viewMode === 'realtime';
  const end = realtime || !input.endTime ? now : new Date(input.endTime);
  const start = realtime
    ? new Date(now.getTime() - REALTIME_WINDOW_MS)
    : input.startTime
      ? new Date(input.startTime)
      : new Date(end.getTime() - DEFAULT_RANGE_MS);
  if (start.getTime() > end.getTime()) throw HttpError.badRequest('device-pipeline.errors.timeRange', 'startTime');
  const conditions: (SQL | undefined)[] = [
    eq(rawData.appId, input.appId),
    gte(rawData.createdAt, start),
    lte(rawData.createdAt, end),
    tags.length > 0 ? inArray(rawData.itemName, tags) : undefined,
    itemNames === null ? undefined : itemNames.length > 0 ? inArray(rawData.itemName, [...itemNames]) : sql`false`,
  ];
  return and(...conditions);
}

const rowColumns = {
  id: rawData.id,
  createdAt: rawData.createdAt,
  source: rawData.source,
  itemName: rawData.itemName,
  raw: rawData.raw,
  payload: rawData.payload,
};
interface StoredRow {
  id: number;
  createdAt: Date;
  source: string;
  itemName: string | null;
  raw: unknown;
  payload: RawDataRow['payload'];
}
const toRow = (row: StoredRow): RawDataRow => ({
  id: String(row.id),
  createdAt: row.createdAt.toISOString(),
  source: row.source,
  itemName: row.itemName,
  raw: row.raw ?? null,
  payload: row.payload ?? null,
});

/**
 * The statements of one search, its page and its count; null when it can have no row. Both filter on created_at, the
 * partition key, so only the partitions of the searched days are read (the pruning test explains them).
 */
export function rawDataSearchStatements(
  db: Database,
  input: RawDataSearchInput,
  itemNames: readonly string[] | null,
  now = new Date(),
) {
  const where = rawDataFilter(input, itemNames, now);
  if (where === null) return null;
  const realtime = input.viewMode === 'realtime';
  const limit = realtime ? Math.min(input.limit ?? REALTIME_LIMIT, REALTIME_LIMIT) : (input.limit ?? HISTORY_PAGE_DEFAULT);
  const offset = realtime ? 0 : (input.offset ?? 0);
  return {
    page: db
      .select(rowColumns)
      .from(rawData)
      .where(where)
      .orderBy(desc(rawData.createdAt), desc(rawData.id))
      .limit(limit)
      .offset(offset),
    count: db.select({ total: count() }).from(rawData).where(where),
  };
}

/**
 * POST /raw-data-history/search: real-time (last day, newest 100) or history (a range, paged, with the total).
 * `itemNames`, for a user limited to device tags, keeps the rows of those items only (not those of unknown devices).
 */
export async function searchRawData(
  db: Database,
  input: RawDataSearchInput,
  itemNames: readonly string[] | null,
  now = new Date(),
): Promise<RawDataSearchResponse> {
  const statements = rawDataSearchStatements(db, input, itemNames, now);
  if (statements === null) return { rows: [], total: 0 };
  const [rows, [{ total } = { total: 0 }]] = await Promise.all([statements.page, statements.count]);
  return { rows: rows.map(toRow), total: Number(total) };
}

/**
 * Every row of a search, newest first, `pageSize` at a time. Each page starts after the last one's (created_at, id),
 * compared at the database's own precision (microseconds), so rows are neither skipped nor repeated.
 */
export async function* rawDataPages(
  db: Database,
  input: RawDataSearchInput,
  itemNames: readonly string[] | null,
  pageSize: number,
  now = new Date(),
): AsyncGenerator<RawDataRow[]> {
  const where = rawDataFilter(input, itemNames, now);
  if (where === null) return;
  let remaining = input.viewMode === 'realtime' ? REALTIME_LIMIT : Number.POSITIVE_INFINITY;
  let after: { at: string; id: number } | null = null;
  while (remaining > 0) {
    const rows: (StoredRow & { cursor: string })[] = await db
      .select({ ...rowColumns, cursor: sql<string>`${rawData.createdAt}::text` })
      .from(rawData)
      .where(and(where, after ? sql`(${rawData.createdAt}, ${rawData.id}) < (${after.at}::timestamptz, ${after.id})` : undefined))
      .orderBy(desc(rawData.createdAt), desc(rawData.id))
      .limit(Math.min(pageSize, remaining));
    if (rows.length === 0) return;
    yield rows.map(toRow);
    remaining -= rows.length;
    const last = rows[rows.length - 1]!;
    after = { at: last.cursor, id: last.id };
    if (rows.length < pageSize) return;
  }
}

/** The raw data reader other plugins get through RawDataReaderToken. */
export function rawDataReader(db: Database): RawDataReader {
  return {
    search: (input, itemNames) => searchRawData(db, input, itemNames),
    pages: (input, itemNames, pageSize) => rawDataPages(db, input, itemNames, pageSize),
  };
}

/** GET /items/{uuid}/history: per field, [epoch ms, value] pairs in time order within [from, to] (default last day). */
export async function fieldSeries(
  db: Database,
  itemUuid: string,
  options: { field?: string; from?: string; to?: string },
  now = new Date(),
): Promise<HistoryResponse> {
  const to = options.to ? new Date(options.to) : now;
  const from = options.from ? new Date(options.from) : new Date(to.getTime() - DEFAULT_RANGE_MS);
  if (from.getTime() > to.getTime()) throw HttpError.badRequest('device-pipeline.errors.timeRange', 'from');
  const rows = await db
    .select({ field: fieldHistory.field, at: fieldHistory.at, value: fieldHistory.value, textValue: fieldHistory.textValue })
    .from(fieldHistory)
    .where(
      and(
        eq(fieldHistory.itemUuid, itemUuid),
        options.field ? eq(fieldHistory.field, options.field) : undefined,
        gte(fieldHistory.at, from),
        lte(fieldHistory.at, to),
      ),
    )
    .orderBy(asc(fieldHistory.field), asc(fieldHistory.at))
    .limit(SERIES_LIMIT);
  const series: HistoryResponse['series'] = {};
  if (options.field) series[options.field] = [];
  for (const row of rows) {
    (series[row.field] ??= []).push([row.at.getTime(), row.value ?? row.textValue ?? null]);
  }
  return { series };
}

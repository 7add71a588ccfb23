import { and, asc, count, desc, eq, gte, ilike, inArray, lte, or, sql, type SQL } from 'drizzle-orm';
import { likePattern, type Database, type ScopedApplication } from '@sensorium/core/server';
import type { ItemLookup } from '@sensorium/nodes/common';
import type { EventRecord } from '../../common/event-record';
import type { EventDetail, EventFilterQuery, EventListPage } from '../../common/event-query';
import { toEventRecord, toHistoryEntry } from '../event-row';
import { eventsHistory, nodeEvents } from '../schema';

type Items = Pick<ItemLookup, 'visibleItems'>;

/** The uuids of the application's items carrying one of `tags` (and the nodes above them, which carry no events). */
async function itemsTagged(items: Items, appId: string, tags: readonly string[]): Promise<string[]> {
  return (await items.visibleItems(appId, tags)).map((item) => item.uuid);
}

/** Events of these items only; none at all when there are none. */
const ofItems = (uuids: readonly string[]): SQL => (uuids.length > 0 ? inArray(nodeEvents.itemUuid, [...uuids]) : sql`false`);

/**
 * Which of the application's events a caller sees: those of the items its device-tag limit lets through (User Setup),
 * or every one; an event of a device hidden from it is answered as if it did not exist.
 */
export async function visibleEvents(items: Items, app: Pick<ScopedApplication, 'id' | 'deviceTags'>): Promise<SQL> {
  const ofApp = eq(nodeEvents.appId, app.id);
  if (app.deviceTags === null) return ofApp;
  return and(ofApp, ofItems(await itemsTagged(items, app.id, app.deviceTags)))!;
}

/** The Event View's filters as one condition, within what the caller sees. */
export async function filteredEvents(
  items: Items,
  app: Pick<ScopedApplication, 'id' | 'deviceTags'>,
  query: EventFilterQuery,
): Promise<SQL> {
  const conditions: (SQL | undefined)[] = [await visibleEvents(items, app)];
  if (query.severity !== undefined) conditions.push(eq(nodeEvents.severity, query.severity));
  if (query.status === 'open') conditions.push(eq(nodeEvents.isCleared, false));
  if (query.status === 'acknowledged') conditions.push(and(eq(nodeEvents.isAcknowledged, true), eq(nodeEvents.isCleared, false)));
  if (query.status === 'cleared') conditions.push(eq(nodeEvents.isCleared, true));
  if (query.from) conditions.push(gte(nodeEvents.generatedAt, new Date(query.from)));
  if (query.to) conditions.push(lte(nodeEvents.generatedAt, new Date(query.to)));
  if (query.tags?.length) conditions.push(ofItems(await itemsTagged(items, app.id, query.tags)));
  const device = query.device?.trim();
  if (device) {
    const pattern = likePattern(device);
    conditions.push(or(ilike(nodeEvents.itemName, pattern), sql`${nodeEvents.node}->>'itemDisplayName' ILIKE ${pattern}`));
  }
  const text = query.q?.trim();
  if (text) {
    const pattern = likePattern(text);
    conditions.push(
      or(
        ...[
          nodeEvents.description,
          nodeEvents.eventType,
          nodeEvents.location,
          nodeEvents.rangeName,
          nodeEvents.value,
          nodeEvents.additionalInfo,
          nodeEvents.equipmentName,
        ].map((column) => ilike(column, pattern)),
      ),
    );
  }
  return and(...conditions)!;
}

/** Newest first; events generated at the same moment in a stable order, so pages neither repeat nor skip one. */
const NEWEST_FIRST = [desc(nodeEvents.generatedAt), asc(nodeEvents.id)];

/** One page of the events matching `where`, and how many match. */
export async function eventPage(db: Database, where: SQL, page: number, size: number): Promise<EventListPage> {
  const [totals, rows] = await Promise.all([
    db.select({ total: count() }).from(nodeEvents).where(where),
    db
      .select()
      .from(nodeEvents)
      .where(where)
      .orderBy(...NEWEST_FIRST)
      .limit(size)
      .offset(page * size),
  ]);
  return { total: totals[0]?.total ?? 0, rows: rows.map(toEventRecord) };
}

/**
 * The events matching `where`, newest first, read `batch` rows at a time (an export reads many without holding them all
 * as rows at once), at most `limit`. Each batch starts after the last event of the one before, so events raised during
 * the export neither repeat nor shift a row.
 */
export async function* eventBatches(db: Database, where: SQL, limit: number, batch = 1000): AsyncGenerator<EventRecord[]> {
  let lastId: string | null = null;
  for (let read = 0; read < limit;) {
    const rows = await db
      .select()
      .from(nodeEvents)
      .where(lastId === null ? where : and(where, afterEvent(lastId)))
      .orderBy(...NEWEST_FIRST)
      .limit(Math.min(batch, limit - read));
    if (rows.length === 0) return;
    yield rows.map(toEventRecord);
    read += rows.length;
    lastId = rows[rows.length - 1]!.id;
    if (rows.length < batch) return;
  }
}

/** Events after this one in NEWEST_FIRST order (compared in the database, at its full time precision). */
function afterEvent(id: string): SQL {
  const at = sql`(SELECT e.generated_at FROM node_events e WHERE e.id = ${id})`;
  return sql`(${nodeEvents.generatedAt} < ${at} OR (${nodeEvents.generatedAt} = ${at} AND ${nodeEvents.id} > ${id}))`;
}

/** One event the caller sees, with its history oldest first; null when it sees no such event. */
export async function eventDetail(db: Database, visible: SQL, id: string): Promise<EventDetail | null> {
  const [row] = await db
    .select()
    .from(nodeEvents)
    .where(and(visible, eq(nodeEvents.id, id)));
  if (!row) return null;
  const history = await db
    .select()
    .from(eventsHistory)
    .where(eq(eventsHistory.eventId, row.id))
    .orderBy(asc(eventsHistory.at), asc(eventsHistory.id));
  return { event: toEventRecord(row), history: history.map(toHistoryEntry) };
}

import { and, count, desc, eq, gte, ilike, inArray, lte, or, sql, type SQL } from 'drizzle-orm';
import { likePattern, type Database } from '@sensorium/core/server';
import type { HistoryFilterQuery, NotificationDelivery, NotificationHistoryPage } from '../../common/history';
import { notificationsDeliveries as deliveries, type DeliveryRow } from './schema';

/** Whose deliveries a reader sees: the application's, only of these items for a user limited to device tags. */
export interface HistoryScope {
  appId: string;
  /** null: every item. */
  itemUuids: readonly string[] | null;
}

/** A row as the Notification History shows it (accounts §3 columns). */
export function toNotificationDelivery(row: DeliveryRow): NotificationDelivery {
  return {
    id: row.id,
    eventId: row.eventId,
    createdAt: row.createdAt.toISOString(),
    service: row.service,
    channel: row.channel,
    usage: row.usage,
    reference: row.reference,
    name: row.contactName,
    contact: row.address,
    status: row.status,
    attempts: row.attempts,
    error: row.error,
    updatedAt: row.updatedAt.toISOString(),
  };
}

function conditions(scope: HistoryScope, filter: HistoryFilterQuery): SQL | undefined {
  const parts: (SQL | undefined)[] = [eq(deliveries.appId, scope.appId)];
  if (scope.itemUuids) parts.push(scope.itemUuids.length ? inArray(deliveries.itemUuid, [...scope.itemUuids]) : sql`false`);
  if (filter.eventId) parts.push(eq(deliveries.eventId, filter.eventId));
  if (filter.channel) parts.push(eq(deliveries.channel, filter.channel));
  if (filter.status) parts.push(eq(deliveries.status, filter.status));
  if (filter.from) parts.push(gte(deliveries.createdAt, new Date(filter.from)));
  if (filter.to) parts.push(lte(deliveries.createdAt, new Date(filter.to)));
  const keyword = filter.q?.trim();
  if (keyword) {
    const pattern = likePattern(keyword);
    parts.push(
      or(
        ilike(deliveries.reference, pattern),
        ilike(deliveries.contactName, pattern),
        ilike(deliveries.address, pattern),
        ilike(deliveries.service, pattern),
        ilike(sql`${deliveries.id}::text`, pattern),
      ),
    );
  }
  return and(...parts);
}

const rowsWhere = async (db: Database, where: SQL | undefined, offset: number, limit: number) =>
  (
    await db
      .select()
      .from(deliveries)
      .where(where)
      .orderBy(desc(deliveries.createdAt), desc(deliveries.id))
      .limit(limit)
      .offset(offset)
  ).map(toNotificationDelivery);

/** One page of the matching deliveries, newest first, and how many match. */
export async function historyPage(
  db: Database,
  scope: HistoryScope,
  filter: HistoryFilterQuery,
  page: { offset: number; limit: number },
): Promise<NotificationHistoryPage> {
  const where = conditions(scope, filter);
  const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(deliveries).where(where);
  return { total, rows: await rowsWhere(db, where, page.offset, page.limit) };
}

/** The matching deliveries, newest first, a batch at a time, at most `limit` of them. */
export async function* historyBatches(
  db: Database,
  scope: HistoryScope,
  filter: HistoryFilterQuery,
  limit: number,
  batchSize = 1000,
): AsyncGenerator<NotificationDelivery[]> {
  const where = conditions(scope, filter);
  for (let offset = 0; offset < limit; offset += batchSize) {
    const rows = await rowsWhere(db, where, offset, Math.min(batchSize, limit - offset));
    if (rows.length > 0) yield rows;
    if (rows.length < batchSize) return;
  }
}

import { sql } from 'drizzle-orm';
import { jsonParam, queryRows, type Database } from '@sensorium/core/server';
import type { RetentionPlan } from './settings';
import { deleteInBatches, spent, type Budget } from './batches';
import { DAY_MS, dropPartition, FIELD_HISTORY, listPartitions, type Partition } from './partitions';

export interface HistoryExpiry {
  dropped: string[];
  deletedRows: number;
}

const timestamp = (ms: number) => sql.raw(`'${new Date(ms).toISOString()}'::timestamptz`);

/** The items with history in a partition (one index probe each: a skip scan over item_uuid). */
async function itemsIn(db: Database, partition: Partition): Promise<string[]> {
  const table = sql.identifier(partition.name);
  const rows = await queryRows<{ item_uuid: string }>(
    db,
    sql`WITH RECURSIVE items(item_uuid) AS (
          (SELECT item_uuid FROM ${table} ORDER BY item_uuid LIMIT 1)
          UNION ALL
          SELECT (SELECT h.item_uuid FROM ${table} h WHERE h.item_uuid > items.item_uuid ORDER BY h.item_uuid LIMIT 1)
          FROM items WHERE items.item_uuid IS NOT NULL
        )
        SELECT item_uuid FROM items WHERE item_uuid IS NOT NULL`,
  );
  return rows.map((row) => row.item_uuid);
}

/** Whether a field's own setting keeps some of the partition's rows (forever, or fewer days ago than its end). */
async function keptByFields(db: Database, partition: Partition, now: Date): Promise<boolean> {
  const table = sql.identifier(partition.name);
  const age = now.getTime() - partition.to!.getTime();
  const [row] = await queryRows<{ found: boolean }>(
    db,
    sql`SELECT EXISTS (
          SELECT 1 FROM device_pipeline_field_retention o
          WHERE (o.history_days IS NULL OR o.history_days::float8 * ${DAY_MS} > ${age})
            AND EXISTS (SELECT 1 FROM ${table} h WHERE h.item_uuid = o.item_uuid AND h.field = o.field)
        ) AS found`,
  );
  return row?.found === true;
}

/**
 * Expires field history: drops whole partitions while every row of the oldest is older than its field's retention (the
 * field's own, else its application's; an item of an application without a setting keeps a partition), then deletes in
 * batches each application's rows older than its retention (fields with their own setting aside) and each field's rows
 * older than its own. `itemsOf` answers an application's item uuids (history rows carry no application).
 */
export async function expireHistory(
  db: Database,
  plan: RetentionPlan,
  itemsOf: (appId: string) => Promise<string[]>,
  now: Date,
  budget: Budget,
): Promise<HistoryExpiry> {
  const result: HistoryExpiry = { dropped: [], deletedRows: 0 };
  const cutoffs = new Map<string, number>();
  for (const [appId, retention] of plan.applications) {
    if (retention.historyDays !== null) cutoffs.set(appId, now.getTime() - retention.historyDays * DAY_MS);
  }
  const fieldDays = [...new Set(plan.fields.flatMap((field) => (field.historyDays === null ? [] : [field.historyDays])))];
  if (cutoffs.size === 0 && fieldDays.length === 0) return result;
  const items = new Map<string, string[]>();
  const uuidsOf = async (appId: string) => {
    let found = items.get(appId);
    if (!found) items.set(appId, (found = await itemsOf(appId)));
    return found;
  };

  let partitions = await listPartitions(db, FIELD_HISTORY);
  for (const partition of partitions) {
    if (partition.isDefault || !partition.to || spent(budget)) break;
    const end = partition.to.getTime();
    if (end > now.getTime() - DAY_MS) break;
    const expired = new Set<string>();
    for (const [appId, cutoff] of cutoffs) if (cutoff >= end) for (const uuid of await uuidsOf(appId)) expired.add(uuid);
    const present = await itemsIn(db, partition);
    if (present.some((uuid) => !expired.has(uuid)) || (await keptByFields(db, partition, now))) break;
    await dropPartition(db, partition);
    result.dropped.push(partition.name);
  }
  if (result.dropped.length > 0) partitions = await listPartitions(db, FIELD_HISTORY);

  const olderThan = (cutoff: number) => partitions.filter((partition) => !partition.from || partition.from.getTime() < cutoff);
  for (const [appId, cutoff] of cutoffs) {
    const uuids = await uuidsOf(appId);
    if (uuids.length === 0) continue;
    for (const partition of olderThan(cutoff)) {
      const table = sql.identifier(partition.name);
      result.deletedRows += await deleteInBatches(
        db,
        (limit) =>
          sql`WITH gone AS (
                DELETE FROM ${table} WHERE ctid = ANY(ARRAY(
                  SELECT h.ctid FROM ${table} h
                  WHERE h.item_uuid = ANY(ARRAY(SELECT json_array_elements_text(${jsonParam(uuids)})::uuid))
                    AND h.at < ${timestamp(cutoff)}
                    AND NOT EXISTS (
                      SELECT 1 FROM device_pipeline_field_retention o WHERE o.item_uuid = h.item_uuid AND o.field = h.field)
                  LIMIT ${limit}))
                RETURNING 1
              )
              SELECT count(*) AS n FROM gone`,
        budget,
      );
    }
  }
  for (const days of fieldDays) {
    const cutoff = now.getTime() - days * DAY_MS;
    for (const partition of olderThan(cutoff)) {
      const table = sql.identifier(partition.name);
      result.deletedRows += await deleteInBatches(
        db,
        (limit) =>
          sql`WITH gone AS (
                DELETE FROM ${table} WHERE ctid = ANY(ARRAY(
                  SELECT h.ctid FROM ${table} h
                  JOIN device_pipeline_field_retention o ON o.item_uuid = h.item_uuid AND o.field = h.field
                  WHERE o.history_days = ${days} AND h.at < ${timestamp(cutoff)}
                  LIMIT ${limit}))
                RETURNING 1
              )
              SELECT count(*) AS n FROM gone`,
        budget,
      );
    }
  }
  return result;
}

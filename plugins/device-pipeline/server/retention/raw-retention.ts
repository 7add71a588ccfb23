import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '@sensorium/core/server';
import type { ApplicationRetention } from '../../common/retention';
import { deleteInBatches, spent, type Budget } from './batches';
import { DAY_MS, defaultPartition, dropPartition, listPartitions, RAW_DATA, type Partition } from './partitions';

export interface RawExpiry {
  dropped: string[];
  deletedRows: number;
  deletedKeys: number;
}

/** The applications with rows in a partition (one index probe each: a skip scan over app_id), and whether rows have none. */
async function applicationsIn(db: Database, partition: Partition): Promise<{ apps: string[]; orphans: boolean }> {
  const table = sql.identifier(partition.name);
  const rows = await queryRows<{ app_id: string }>(
    db,
    sql`WITH RECURSIVE apps(app_id) AS (
          (SELECT app_id FROM ${table} WHERE app_id IS NOT NULL ORDER BY app_id LIMIT 1)
          UNION ALL
          SELECT (SELECT r.app_id FROM ${table} r WHERE r.app_id > apps.app_id ORDER BY r.app_id LIMIT 1)
          FROM apps WHERE apps.app_id IS NOT NULL
        )
        SELECT app_id FROM apps WHERE app_id IS NOT NULL`,
  );
  const [orphans] = await queryRows<{ found: boolean }>(
    db,
    sql`SELECT EXISTS (SELECT 1 FROM ${table} WHERE app_id IS NULL) AS found`,
  );
  return { apps: rows.map((row) => row.app_id), orphans: orphans?.found === true };
}

/**
 * Expires raw data: drops whole partitions while everything in the oldest is older than the retention of each
 * application with rows in it (rows of no application, and of an application without a setting, keep a partition),
 * then deletes in batches each application's rows older than its own retention, their dedup keys with them. Once
 * partitions are gone, the dedup keys older than every raw row left go too.
 */
export async function expireRawData(
  db: Database,
  applications: ReadonlyMap<string, ApplicationRetention>,
  now: Date,
  budget: Budget,
): Promise<RawExpiry> {
  const result: RawExpiry = { dropped: [], deletedRows: 0, deletedKeys: 0 };
  const cutoffs = new Map<string, number>();
  for (const [appId, retention] of applications) {
    if (retention.rawDays !== null) cutoffs.set(appId, now.getTime() - retention.rawDays * DAY_MS);
  }
  if (cutoffs.size === 0) return result;

  let partitions = await listPartitions(db, RAW_DATA);
  for (const partition of partitions) {
    if (partition.isDefault || !partition.to || spent(budget)) break;
    const end = partition.to.getTime();
    if (end > now.getTime() - DAY_MS) break;
    const { apps, orphans } = await applicationsIn(db, partition);
    if (orphans || apps.some((appId) => (cutoffs.get(appId) ?? -Infinity) < end)) break;
    await dropPartition(db, partition);
    result.dropped.push(partition.name);
  }
  if (result.dropped.length > 0) {
    partitions = await listPartitions(db, RAW_DATA);
    result.deletedKeys += await deleteOrphanKeys(db, partitions, budget);
  }

  for (const [appId, cutoff] of cutoffs) {
    const before = sql.raw(`'${new Date(cutoff).toISOString()}'::timestamptz`);
    for (const partition of partitions) {
      if (partition.from && partition.from.getTime() >= cutoff) continue;
      const table = sql.identifier(partition.name);
      result.deletedRows += await deleteInBatches(
        db,
        (limit) =>
          sql`WITH gone AS (
                DELETE FROM ${table} WHERE ctid = ANY(ARRAY(
                  SELECT ctid FROM ${table} WHERE app_id = ${appId} AND created_at < ${before} LIMIT ${limit}))
                RETURNING source, dedup_key
              ), keys AS (
                DELETE FROM device_pipeline_raw_keys k USING gone WHERE k.source = gone.source AND k.dedup_key = gone.dedup_key
              )
              SELECT count(*) AS n FROM gone`,
        budget,
      );
    }
  }
  return result;
}

/**
 * Dedup keys older than every raw row still stored: those of dropped partitions. The oldest partition's start bounds
 * them (a key has its row's created_at), and so does the oldest row the default partition may hold.
 */
async function deleteOrphanKeys(db: Database, partitions: readonly Partition[], budget: Budget): Promise<number> {
  const oldest = partitions.find((partition) => !partition.isDefault);
  if (oldest && oldest.from === null) return 0;
  const fallback = defaultPartition(partitions);
  const [row] = fallback
    ? await queryRows<{ at: string | null }>(db, sql`SELECT min(created_at)::text AS at FROM ${sql.identifier(fallback.name)}`)
    : [];
  const bounds = [oldest?.from?.toISOString(), row?.at ?? undefined].filter((at): at is string => !!at);
  const before =
    bounds.length > 0
      ? sql`LEAST(${sql.join(
          bounds.map((at) => sql`${at}::timestamptz`),
          sql`, `,
        )})`
      : sql`now()`;
  return deleteInBatches(
    db,
    (limit) =>
      sql`WITH gone AS (
            DELETE FROM device_pipeline_raw_keys WHERE ctid = ANY(ARRAY(
              SELECT ctid FROM device_pipeline_raw_keys WHERE created_at < ${before} LIMIT ${limit}))
            RETURNING 1
          )
          SELECT count(*) AS n FROM gone`,
    budget,
  );
}

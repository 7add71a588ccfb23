import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Database, type SqlExecutor } from '@sensorium/core/server';

export const DAY_MS = 86_400_000;
/** Daily partitions exist this many days ahead of today (UTC), so a missed run or a stopped server never leaves a gap. */
export const DAYS_AHEAD = 7;

/** A table partitioned by day (partition-migration.ts): its partitions are named `<prefix>_<yyyymmdd>`. */
export interface PartitionedTable {
  table: 'raw_data' | 'field_history';
  /** The partition key. */
  column: 'created_at' | 'at';
  prefix: string;
}

export const RAW_DATA: PartitionedTable = { table: 'raw_data', column: 'created_at', prefix: 'device_pipeline_raw_data' };
export const FIELD_HISTORY: PartitionedTable = {
  table: 'field_history',
  column: 'at',
  prefix: 'device_pipeline_field_history',
};

/** One partition and its range [from, to); null bounds are open (the former table's start); the default has neither. */
export interface Partition {
  name: string;
  from: Date | null;
  to: Date | null;
  isDefault: boolean;
}

/** The start of the UTC day `at` falls in. */
export function dayStart(at: Date): Date {
  return new Date(Math.floor(at.getTime() / DAY_MS) * DAY_MS);
}

/** A timestamp as an SQL literal: DDL takes no parameters. Only ever built from a Date, so it needs no escaping. */
const literal = (at: Date): SQL => sql.raw(`'${at.toISOString()}'::timestamptz`);

/** Taken by whatever changes the partitions, so server instances sharing the database do it one at a time. */
const LOCK = sql`SELECT pg_advisory_xact_lock(hashtext('device-pipeline.partitions'))`;
/** DDL on a partition briefly locks the table the ingest writes: rather give up and try at the next run than queue it. */
const LOCK_TIMEOUT = sql`SET LOCAL lock_timeout = '10s'`;

/** The table's partitions, oldest first, the default last (bounds read back at the database's own precision). */
export async function listPartitions(db: SqlExecutor, table: PartitionedTable): Promise<Partition[]> {
  const rows = await queryRows<{ name: string; from_ms: number | string | null; to_ms: number | string | null; bound: string }>(
    db,
    sql`SELECT c.relname AS name, pg_get_expr(c.relpartbound, c.oid) AS bound,
               extract(epoch FROM (regexp_match(pg_get_expr(c.relpartbound, c.oid), 'FROM \\(''([^'']+)''\\)'))[1]::timestamptz) * 1000 AS from_ms,
               extract(epoch FROM (regexp_match(pg_get_expr(c.relpartbound, c.oid), 'TO \\(''([^'']+)''\\)'))[1]::timestamptz) * 1000 AS to_ms
        FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
        WHERE i.inhparent = ${table.table}::regclass`,
  );
  const at = (ms: number | string | null) => (ms === null ? null : new Date(Number(ms)));
  return rows
    .map((row) => ({ name: row.name, from: at(row.from_ms), to: at(row.to_ms), isDefault: row.bound === 'DEFAULT' }))
    .sort((a, b) => Number(a.isDefault) - Number(b.isDefault) || (a.to?.getTime() ?? Infinity) - (b.to?.getTime() ?? Infinity));
}

export function defaultPartition(partitions: readonly Partition[]): Partition | undefined {
  return partitions.find((partition) => partition.isDefault);
}

function covers(partition: Partition, day: Date): boolean {
  if (partition.isDefault) return false;
  const end = day.getTime() + DAY_MS;
  return (
    (partition.from === null || partition.from.getTime() <= day.getTime()) &&
    partition.to !== null &&
    partition.to.getTime() >= end
  );
}

function dailyName(table: PartitionedTable, day: Date): string {
  return `${table.prefix}_${day.toISOString().slice(0, 10).replace(/-/g, '')}`;
}

/**
 * Creates the missing daily partitions from today to DAYS_AHEAD days ahead (UTC), each in a transaction of its own.
 * Rows the default partition holds for such a day (none unless a server ran without its partitions) are moved into it:
 * a partition cannot be made over rows of the default. Answers the names created.
 */
export async function ensurePartitions(db: Database, table: PartitionedTable, now: Date): Promise<string[]> {
  const created: string[] = [];
  const today = dayStart(now);
  const days = Array.from({ length: DAYS_AHEAD + 1 }, (_, offset) => new Date(today.getTime() + offset * DAY_MS));
  // Most starts and runs find every day there already: one read, no transaction.
  const existing = await listPartitions(db, table);
  for (const day of days.filter((day) => !existing.some((partition) => covers(partition, day)))) {
    const name = dailyName(table, day);
    const made = await db.transaction(async (tx) => {
      await tx.execute(LOCK);
      // Another server may have made it meanwhile.
      const partitions = await listPartitions(tx, table);
      if (partitions.some((partition) => covers(partition, day))) return false;
      await tx.execute(LOCK_TIMEOUT);
      await createDaily(tx, table, name, day, defaultPartition(partitions));
      return true;
    });
    if (made) created.push(name);
  }
  return created;
}

async function createDaily(
  tx: SqlExecutor,
  table: PartitionedTable,
  name: string,
  day: Date,
  fallback: Partition | undefined,
): Promise<void> {
  const from = literal(day);
  const to = literal(new Date(day.getTime() + DAY_MS));
  const parent = sql.identifier(table.table);
  const column = sql.identifier(table.column);
  const create = sql`CREATE TABLE ${sql.identifier(name)} PARTITION OF ${parent} FOR VALUES FROM (${from}) TO (${to})`;
  const stray = fallback
    ? await queryRows<{ found: boolean }>(
        tx,
        sql`SELECT EXISTS (SELECT 1 FROM ${sql.identifier(fallback.name)} WHERE ${column} >= ${from} AND ${column} < ${to}) AS found`,
      )
    : [];
  if (!fallback || !stray[0]?.found) {
    await tx.execute(create);
    return;
  }
  const moving = sql.identifier(`${table.prefix}_moving`);
  const source = sql.identifier(fallback.name);
  // Nothing may reach the default for this day between taking its rows and making the partition.
  await tx.execute(sql`LOCK TABLE ${source} IN ACCESS EXCLUSIVE MODE`);
  await tx.execute(sql`CREATE TEMP TABLE ${moving} (LIKE ${parent}) ON COMMIT DROP`);
  await tx.execute(
    sql`WITH moved AS (DELETE FROM ${source} WHERE ${column} >= ${from} AND ${column} < ${to} RETURNING *)
        INSERT INTO ${moving} SELECT * FROM moved`,
  );
  await tx.execute(create);
  await tx.execute(sql`INSERT INTO ${parent} SELECT * FROM ${moving}`);
}

/** Drops one partition (with whatever it holds). */
export async function dropPartition(db: Database, partition: Partition): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(LOCK);
    await tx.execute(LOCK_TIMEOUT);
    await tx.execute(sql`DROP TABLE IF EXISTS ${sql.identifier(partition.name)}`);
  });
}

import { sql } from 'drizzle-orm';
import type { Database } from '@sensorium/core/server';

/**
 * Tables that change by themselves while a server runs (job leases, the audit trail of refused sign-ins, the rate limits'
 * counts, migrations, and the timer missions, whose scheduler moves each mission's "checked until" on every pass).
 */
export const MOVING_TABLES: ReadonlySet<string> = new Set([
  'job_leases',
  'rate_limit_hits',
  'timer_missions',
  'audit_records',
  'audit_records_archive',
  'sensorium_migrations',
]);

/**
 * Row count and an md5 of every row of every table (but `skip`), by table: two equal digests mean no row was added,
 * changed or removed in between. For tests asserting that refused calls change nothing.
 */
export async function tableDigest(db: Database, skip: ReadonlySet<string> = MOVING_TABLES): Promise<Record<string, string>> {
  const tables = (await db.execute(
    sql`SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY 1`,
  )) as unknown as { rows: { name: string }[] };
  const names = tables.rows.map((table) => table.name).filter((name) => !skip.has(name));
  if (names.length === 0) return {};
  // One statement for every table: digests are taken often (around each operation of the bad-input suite).
  const perTable = names.map(
    (name) =>
      `SELECT '${name}' AS name, count(*)::int AS n, md5(coalesce(string_agg(t::text, '|' ORDER BY t::text), '')) AS h FROM "${name}" t`,
  );
  const result = (await db.execute(sql.raw(perTable.join(' UNION ALL ')))) as unknown as {
    rows: { name: string; n: number; h: string }[];
  };
  return Object.fromEntries(result.rows.map((row) => [row.name, `${row.n}:${row.h}`]));
}

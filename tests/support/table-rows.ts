import type { PluginManifest } from '@sensorium/core/common';
import { ownsTable } from '../../cli/checks/tables';
import type { SqlExecutor } from '../../host/server/db/connection';

/** Each table of the public schema: its columns in order and every row as canonical JSON (keys sorted), sorted. */
export type TableRows = Map<string, { columns: string[]; rows: string[] }>;

/** JSON with object keys sorted at every depth, so json and jsonb copies of one value compare equal. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, inner]) => `${JSON.stringify(key)}:${canonical(inner)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

const quoted = (name: string) => `"${name.replace(/"/g, '""')}"`;

/**
 * Every row of every table (a partitioned table once, through its parent). With `columnsOf`, only those columns of each
 * table, so rows written by an earlier release compare with the same rows after migrations that added columns.
 */
export async function readTableRows(execute: SqlExecutor, columnsOf?: TableRows): Promise<TableRows> {
  const columns = await execute(
    `SELECT c.relname AS table_name, a.attname AS column_name FROM pg_class c
     JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped
     WHERE c.relnamespace = 'public'::regnamespace AND c.relkind IN ('r', 'p') AND NOT c.relispartition
     ORDER BY c.relname, a.attnum`,
    [],
  );
  const tables = new Map<string, string[]>();
  for (const row of columns) {
    const table = String(row.table_name);
    tables.set(table, [...(tables.get(table) ?? []), String(row.column_name)]);
  }
  const result: TableRows = new Map();
  for (const [table, present] of tables) {
    const wanted = columnsOf?.get(table)?.columns.filter((column) => present.includes(column)) ?? present;
    if (wanted.length === 0) continue;
    const rows = await execute(
      `SELECT row_to_json(t)::text AS row FROM (SELECT ${wanted.map(quoted).join(', ')} FROM ${quoted(table)}) t`,
      [],
    );
    result.set(table, { columns: present, rows: rows.map((row) => canonical(JSON.parse(String(row.row)))).sort() });
  }
  return result;
}

/** The plugin owning each table (its `<id>_` prefix or its manifest's list), else core. */
export function tableOwners(tables: Iterable<string>, manifests: readonly PluginManifest[]): Map<string, string> {
  return new Map([...tables].map((table) => [table, manifests.find((manifest) => ownsTable(manifest, table))?.id ?? 'core']));
}

/** Counts a multiset's members, for comparing row lists that may hold equal rows. */
function tally(rows: readonly string[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const row of rows) counts.set(row, (counts.get(row) ?? 0) + 1);
  return counts;
}

/**
 * What is not as `before` had it: a table or column gone, a row missing or changed (a changed row is missing in its old
 * form). Rows added since are not counted here: a migration may seed rows of its own.
 */
export function lostRows(before: TableRows, after: TableRows): string[] {
  const problems: string[] = [];
  for (const [table, { columns, rows }] of before) {
    const now = after.get(table);
    if (!now) {
      problems.push(`table ${table} (${rows.length} rows) is gone`);
      continue;
    }
    const dropped = columns.filter((column) => !now.columns.includes(column));
    if (dropped.length > 0) problems.push(`table ${table} lost its column(s) ${dropped.join(', ')}`);
    const remaining = tally(now.rows);
    const missing = rows.filter((row) => {
      const left = remaining.get(row) ?? 0;
      remaining.set(row, left - 1);
      return left === 0;
    });
    if (missing.length > 0) {
      problems.push(
        `table ${table}: ${missing.length} of ${rows.length} rows missing or changed, e.g. ${missing.slice(0, 2).join(' ')}`,
      );
    }
  }
  return problems;
}

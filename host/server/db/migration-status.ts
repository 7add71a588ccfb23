import type { SqlExecutor } from './connection';
import { MIGRATIONS_TABLE, type MigrationSource } from './migrate';

/**
 * One step as this version sees it on a database: `applied` (recorded), `pending` (the next start runs it), or
 * `retired`: recorded by an earlier start but not listed by this version, because a step of another plugin took its
 * table over (`replacedBy`), its plugin is not installed, or a newer version applied it.
 */
export interface MigrationStatusRow {
  pluginId: string;
  migrationId: string;
  state: 'applied' | 'pending' | 'retired';
  /** ISO time of the step's commit; null while pending. */
  appliedAt: string | null;
  /** For a retired step: `<plugin>/<step>` of the step that replaces it. */
  replacedBy?: string;
}

interface RecordedStep {
  pluginId: string;
  migrationId: string;
  appliedAt: string;
}

async function recordedSteps(execute: SqlExecutor): Promise<RecordedStep[]> {
  const [table] = await execute(`SELECT to_regclass($1) IS NOT NULL AS present`, [`public.${MIGRATIONS_TABLE}`]);
  if (!table?.present) return [];
  const rows = await execute(
    `SELECT plugin_id, migration_id, applied_at FROM ${MIGRATIONS_TABLE} ORDER BY applied_at, plugin_id, migration_id`,
    [],
  );
  return rows.map((row) => ({
    pluginId: String(row.plugin_id),
    migrationId: String(row.migration_id),
    appliedAt: new Date(row.applied_at as string | Date).toISOString(),
  }));
}

/**
 * The steps of `sources` in the order a start applies them, each applied or pending, followed by the retired ones in
 * the order they were applied. `execute` null stands for a database that does not exist yet: everything is pending.
 */
export async function migrationStatus(
  execute: SqlExecutor | null,
  sources: readonly MigrationSource[],
): Promise<MigrationStatusRow[]> {
  const recorded = execute ? await recordedSteps(execute) : [];
  const appliedAt = new Map(recorded.map((step) => [`${step.pluginId}/${step.migrationId}`, step.appliedAt]));
  const listed = new Set<string>();
  const replacement = new Map<string, string>();
  const rows: MigrationStatusRow[] = [];
  for (const { pluginId, migrations } of sources) {
    for (const { id, replaces } of migrations) {
      const key = `${pluginId}/${id}`;
      listed.add(key);
      if (replaces) {
        for (const replaced of replaces.migrationIds) replacement.set(`${replaces.pluginId}/${replaced}`, key);
      }
      const at = appliedAt.get(key) ?? null;
      rows.push({ pluginId, migrationId: id, state: at ? 'applied' : 'pending', appliedAt: at });
    }
  }
  for (const step of recorded) {
    const key = `${step.pluginId}/${step.migrationId}`;
    if (listed.has(key)) continue;
    const replacedBy = replacement.get(key);
    rows.push({ ...step, state: 'retired', ...(replacedBy ? { replacedBy } : {}) });
  }
  return rows;
}

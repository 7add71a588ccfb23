import type { Migration } from '@sensorium/core/server';
import type { DatabaseConnection, SqlExecutor } from './connection';

export interface MigrationSource {
  pluginId: string;
  migrations: readonly Migration[];
}

export interface AppliedMigration {
  pluginId: string;
  migrationId: string;
}

/** The host's record of the steps applied, one row per plugin and step. */
export const MIGRATIONS_TABLE = 'sensorium_migrations';

/**
 * A step that failed. Its transaction was rolled back, so nothing of it is left; the steps before it in the same run
 * (`appliedBefore`) committed one by one and stay applied, so the next start goes on from this step.
 */
export class MigrationError extends Error {
  constructor(
    readonly pluginId: string,
    readonly migrationId: string,
    readonly appliedBefore: readonly AppliedMigration[],
    cause: unknown,
  ) {
    const earlier = appliedBefore.map((step) => `${step.pluginId}/${step.migrationId}`);
    super(
      `Migration "${migrationId}" of plugin "${pluginId}" failed: ${cause instanceof Error ? cause.message : String(cause)}. ` +
        'The step was rolled back, so the database is as it was before it' +
        (earlier.length > 0 ? ` (${earlier.length} earlier step(s) of this start stay applied: ${earlier.join(', ')})` : '') +
        '. Fix the cause and start again: migrating resumes at this step (docs/upgrading.md).',
      { cause },
    );
    this.name = 'MigrationError';
  }
}

function assertUniqueIds(source: MigrationSource): void {
  const seen = new Set<string>();
  for (const { id } of source.migrations) {
    if (seen.has(id)) throw new Error(`Plugin "${source.pluginId}" lists migration "${id}" twice`);
    seen.add(id);
  }
}

// Taken at the start of every migration transaction: server instances starting together queue up step by step.
const LOCK = `SELECT pg_advisory_xact_lock(hashtext('sensorium_migrations'))`;

async function recordedSteps(execute: SqlExecutor): Promise<Set<string>> {
  const rows = await execute(`SELECT plugin_id, migration_id FROM ${MIGRATIONS_TABLE}`, []);
  return new Set(rows.map((row) => `${String(row.plugin_id)}/${String(row.migration_id)}`));
}

/**
 * Applies every pending migration, source by source in the given order. Migrations are forward-only: there is no way
 * back but the backup taken before an upgrade. Each step runs in a transaction of its own under an advisory lock and is
 * recorded in that transaction, so a step is either applied and recorded or not there at all; several instances
 * starting together apply each step exactly once. The first failing step stops the run with a MigrationError.
 * Returns what it applied (nothing on a second start).
 */
export async function runMigrations(
  connection: DatabaseConnection,
  sources: readonly MigrationSource[],
): Promise<AppliedMigration[]> {
  sources.forEach(assertUniqueIds);
  const recorded = await connection.transaction(async (execute) => {
    await execute(LOCK, []);
    await execute(`
      CREATE TABLE IF NOT EXISTS ${MIGRATIONS_TABLE} (
        plugin_id text NOT NULL,
        migration_id text NOT NULL,
        applied_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (plugin_id, migration_id)
      )
    `);
    return recordedSteps(execute);
  });
  const applied: AppliedMigration[] = [];
  for (const { pluginId, migrations } of sources) {
    for (const migration of migrations) {
      if (recorded.has(`${pluginId}/${migration.id}`)) continue;
      const ran = await connection.transaction(async (execute) => {
        await execute(LOCK, []);
        // Another instance may have applied it while this one waited for the lock.
        const done = await recordedSteps(execute);
        if (done.has(`${pluginId}/${migration.id}`)) return false;
        const { replaces } = migration;
        const madeBefore = replaces?.migrationIds.every((id) => done.has(`${replaces.pluginId}/${id}`)) ?? false;
        try {
          if (!madeBefore) await execute(migration.sql);
        } catch (error) {
          throw new MigrationError(pluginId, migration.id, [...applied], error);
        }
        await execute(`INSERT INTO ${MIGRATIONS_TABLE} (plugin_id, migration_id) VALUES ($1, $2)`, [pluginId, migration.id]);
        return true;
      });
      if (ran) applied.push({ pluginId, migrationId: migration.id });
    }
  }
  return applied;
}

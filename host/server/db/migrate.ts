import type { Migration } from '@sensorium/core/server';
import type { DatabaseConnection } from './connection';

export interface MigrationSource {
  pluginId: string;
  migrations: readonly Migration[];
}

export interface AppliedMigration {
  pluginId: string;
  migrationId: string;
}

function assertUniqueIds(source: MigrationSource): void {
  const seen = new Set<string>();
  for (const { id } of source.migrations) {
    if (seen.has(id)) throw new Error(`Plugin "${source.pluginId}" lists migration "${id}" twice`);
    seen.add(id);
  }
}

/**
 * Applies every pending migration, source by source in the given order, in one transaction.
 * An advisory lock serialises server instances starting together, so each step runs exactly once.
 * Returns what it applied (nothing on a second start).
 */
export async function runMigrations(
  connection: DatabaseConnection,
  sources: readonly MigrationSource[],
): Promise<AppliedMigration[]> {
  sources.forEach(assertUniqueIds);
  return connection.transaction(async (execute) => {
    await execute(`SELECT pg_advisory_xact_lock(hashtext('sensorium_migrations'))`, []);
    await execute(`
      CREATE TABLE IF NOT EXISTS sensorium_migrations (
        plugin_id text NOT NULL,
        migration_id text NOT NULL,
        applied_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (plugin_id, migration_id)
      )
    `);
    const rows = await execute('SELECT plugin_id, migration_id FROM sensorium_migrations', []);
    const done = new Set(rows.map((row) => `${String(row.plugin_id)}/${String(row.migration_id)}`));
    const applied: AppliedMigration[] = [];
    for (const { pluginId, migrations } of sources) {
      for (const migration of migrations) {
        if (done.has(`${pluginId}/${migration.id}`)) continue;
        const { replaces } = migration;
        const madeBefore = replaces?.migrationIds.every((id) => done.has(`${replaces.pluginId}/${id}`)) ?? false;
        try {
          if (!madeBefore) await execute(migration.sql);
        } catch (error) {
          throw new Error(`Migration "${migration.id}" of plugin "${pluginId}" failed: ${(error as Error).message}`, {
            cause: error,
          });
        }
        await execute('INSERT INTO sensorium_migrations (plugin_id, migration_id) VALUES ($1, $2)', [pluginId, migration.id]);
        applied.push({ pluginId, migrationId: migration.id });
      }
    }
    return applied;
  });
}

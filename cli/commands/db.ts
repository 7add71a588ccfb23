import { Command } from 'commander';
import type { InspectedDatabase } from '../../host/server/db/inspect-database';
import type { MigrationStatusRow } from '../../host/server/db/migration-status';

type Env = Record<string, string | undefined>;

export interface DatabaseStatus {
  database: Omit<InspectedDatabase<unknown>, 'result'>;
  summary: Record<MigrationStatusRow['state'], number>;
  migrations: MigrationStatusRow[];
}

/** The migrations of core and every installed plugin on the database the environment configures, as a start sees them. */
export async function databaseStatus(env: Env): Promise<DatabaseStatus> {
  // Imported here, so that other commands load neither the database drivers nor every plugin.
  const [{ loadConfig }, { inspectDatabase }, { migrationSources }, { migrationStatus }, { serverPlugins }] = await Promise.all([
    import('../../host/server/config'),
    import('../../host/server/db/inspect-database'),
    import('../../host/server/db/migration-sources'),
    import('../../host/server/db/migration-status'),
    import('../../host/server/plugins'),
  ]);
  const config = loadConfig(env);
  const sources = migrationSources(serverPlugins);
  const { result: migrations, ...database } = await inspectDatabase(config, (execute) => migrationStatus(execute, sources));
  const summary = { applied: 0, pending: 0, retired: 0 };
  for (const row of migrations) summary[row.state] += 1;
  return { database, summary, migrations };
}

function table(header: string[], rows: string[][]): string {
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column]!.length)));
  return [header, ...rows]
    .map((row) =>
      row
        .map((cell, column) => cell.padEnd(widths[column]!))
        .join('  ')
        .trimEnd(),
    )
    .join('\n');
}

export function formatDatabaseStatus({ database, summary, migrations }: DatabaseStatus): string {
  const where = `${database.backend === 'pglite' ? 'PGlite' : 'PostgreSQL'} database at ${database.location}`;
  const rows = migrations.map((row) => [
    row.pluginId,
    row.migrationId,
    row.state,
    row.appliedAt ? row.appliedAt.replace('T', ' ').replace(/\.\d+Z$/, 'Z') : '',
    row.replacedBy ? `replaced by ${row.replacedBy}` : row.state === 'retired' ? 'not listed by this version' : '',
  ]);
  return [
    database.exists ? where : `${where}: not created yet (the first start creates it)`,
    '',
    table(['plugin', 'migration', 'state', 'applied at', 'note'], rows),
    '',
    `${summary.applied} applied, ${summary.pending} pending (the next start applies them), ${summary.retired} retired.`,
  ].join('\n');
}

export function dbCommand(env: Env = process.env): Command {
  const db = new Command('db').description(
    'the database the environment configures (DATABASE_URL, else PGlite in SENSORIUM_DATA_DIR)',
  );
  db.command('status')
    .description('list the applied and pending migrations of core and every installed plugin')
    .option('--json', 'print JSON instead of a table')
    .action(async (flags: { json?: boolean }) => {
      const status = await databaseStatus(env);
      console.log(flags.json ? JSON.stringify(status, null, 2) : formatDatabaseStatus(status));
    });
  return db;
}

import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openDatabase } from '../host/server/db/connection';
import { migrationSources } from '../host/server/db/migration-sources';
import { runMigrations, type MigrationSource } from '../host/server/db/migrate';
import { serverPlugins } from '../host/server/plugins';
import { databaseBackends } from '../host/server/testing';
import { seedPgliteDataDir } from '../host/server/testing/pglite-template';
import { createScratchDatabase } from '../host/server/testing/scratch-database';
import { dbCommand, type DatabaseStatus } from './commands/db';

const sources = migrationSources(serverPlugins);
/** A database an earlier version left: every step but each plugin's last one applied (for the plugins with two or more). */
const earlier: MigrationSource[] = sources.map((source) =>
  source.pluginId !== 'core' && source.migrations.length > 1 ? { ...source, migrations: source.migrations.slice(0, -1) } : source,
);
const notYetApplied = sources.flatMap((source) =>
  source.migrations
    .filter((step) => !earlier.some((kept) => kept.migrations.includes(step)))
    .map((step) => `${source.pluginId}/${step.id}`),
);

/** Runs `sensorium db status [args]` with `env` and answers what it printed. */
async function dbStatus(env: Record<string, string>, ...args: string[]): Promise<string> {
  const printed: string[] = [];
  const log = vi.spyOn(console, 'log').mockImplementation((text: string) => void printed.push(text));
  try {
    await dbCommand(env).parseAsync(['status', ...args], { from: 'user' });
  } finally {
    log.mockRestore();
  }
  return printed.join('\n');
}

describe.each(databaseBackends())('sensorium db status on %s', (backend) => {
  const env: Record<string, string> = {};
  let cleanUp = async () => {};

  beforeAll(async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'sensorium-db-status-'));
    const scratch = backend === 'postgres' ? await createScratchDatabase() : null;
    if (!scratch) await seedPgliteDataDir(dataDir);
    Object.assign(env, { SENSORIUM_DATA_DIR: dataDir, DATABASE_URL: scratch?.url ?? '' });
    const connection = await openDatabase({ databaseUrl: scratch?.url ?? null, dataDir }, () => undefined);
    await runMigrations(connection, earlier);
    // A step of an earlier version that another plugin's step has taken over since (see device-pipeline's migrations).
    await connection.transaction((execute) =>
      execute(`INSERT INTO sensorium_migrations (plugin_id, migration_id) VALUES ('nodes', '002-create-raw-data')`, []),
    );
    await connection.close();
    cleanUp = async () => {
      await scratch?.drop();
      await rm(dataDir, { recursive: true, force: true });
    };
  });
  afterAll(() => cleanUp());

  it('lists every step of core and of each installed plugin as applied or pending, and the retired ones (--json)', async () => {
    expect(notYetApplied.length).toBeGreaterThan(0);
    const status = JSON.parse(await dbStatus(env, '--json')) as DatabaseStatus;
    expect(status.database).toMatchObject({ backend, exists: true });
    const pending = status.migrations.filter((row) => row.state === 'pending');
    expect(pending.map((row) => `${row.pluginId}/${row.migrationId}`)).toEqual(notYetApplied);
    expect(pending.every((row) => row.appliedAt === null)).toBe(true);
    const applied = status.migrations.filter((row) => row.state === 'applied');
    expect(applied.length).toBe(earlier.flatMap((source) => source.migrations).length);
    expect(applied[0]).toMatchObject({ pluginId: 'core', migrationId: '001-accounts', appliedAt: expect.stringMatching(/Z$/) });
    expect(status.migrations.filter((row) => row.state === 'retired')).toEqual([
      {
        pluginId: 'nodes',
        migrationId: '002-create-raw-data',
        state: 'retired',
        appliedAt: expect.any(String),
        replacedBy: 'device-pipeline/001-create-raw-data',
      },
    ]);
    expect(status.summary).toEqual({ applied: applied.length, pending: notYetApplied.length, retired: 1 });
  });

  it('prints the same as a table, one line a step, with a summary', async () => {
    const lines = (await dbStatus(env)).split('\n');
    expect(lines[0]).toMatch(backend === 'pglite' ? /^PGlite database at .+\/db$/ : /^PostgreSQL database at postgres:\/\//);
    expect(lines[2]).toMatch(/^plugin +migration +state +applied at +note$/);
    const [plugin, step] = notYetApplied[0]!.split('/');
    expect(lines).toContainEqual(expect.stringMatching(new RegExp(`^${plugin} +${step} +pending$`)));
    expect(lines).toContainEqual(expect.stringMatching(/^core +001-accounts +applied +\d{4}-\d\d-\d\d \d\d:\d\d:\d\dZ$/));
    expect(lines).toContainEqual(
      expect.stringMatching(/^nodes +002-create-raw-data +retired +\S+ \S+ +replaced by device-pipeline\/001-create-raw-data$/),
    );
    expect(lines.at(-1)).toMatch(
      new RegExp(`^\\d+ applied, ${notYetApplied.length} pending \\(the next start applies them\\), 1 retired\\.$`),
    );
  });
});

describe('sensorium db status before the first start', () => {
  it('shows every step pending and leaves the PGlite folder uncreated', async () => {
    const parent = await mkdtemp(join(tmpdir(), 'sensorium-db-status-'));
    const dataDir = join(parent, 'never-started');
    const output = await dbStatus({ SENSORIUM_DATA_DIR: dataDir, DATABASE_URL: '' });
    await rm(parent, { recursive: true });
    expect(output.split('\n')[0]).toBe(`PGlite database at ${dataDir}/db: not created yet (the first start creates it)`);
    expect(output.split('\n').at(-1)).toBe(
      `0 applied, ${sources.flatMap((source) => source.migrations).length} pending (the next start applies them), 0 retired.`,
    );
    expect(existsSync(dataDir)).toBe(false);
  });
});

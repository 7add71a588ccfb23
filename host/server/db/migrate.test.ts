import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseBackends } from '../testing';
import { seedPgliteDataDir } from '../testing/pglite-template';
import { createScratchDatabase } from '../testing/scratch-database';
import { openDatabase, type DatabaseConnection } from './connection';
import { coreMigrations } from './core-migrations';
import { MigrationError, runMigrations, type MigrationSource } from './migrate';

const core: MigrationSource = { pluginId: 'core', migrations: coreMigrations };
const gateways: MigrationSource = {
  pluginId: 'gateways',
  migrations: [
    { id: '001-gateways', sql: 'CREATE TABLE gateways (id text PRIMARY KEY); CREATE TABLE gateway_notes (note text);' },
    { id: '002-gateway-names', sql: `ALTER TABLE gateways ADD COLUMN name text NOT NULL DEFAULT ''` },
  ],
};
// Depends on the gateways table, so it only works when applied after the gateways plugin's steps.
const readings: MigrationSource = {
  pluginId: 'readings',
  migrations: [
    { id: '001-readings', sql: 'CREATE TABLE readings (gateway_id text REFERENCES gateways (id), value double precision)' },
  ],
};

describe.each(databaseBackends())('migrations on %s', (backend) => {
  let connection: DatabaseConnection;
  let second: DatabaseConnection;
  let cleanUp: () => Promise<void>;

  beforeAll(async () => {
    const onError = (error: Error) => console.error(error);
    if (backend === 'postgres') {
      const scratch = await createScratchDatabase();
      connection = await openDatabase({ databaseUrl: scratch.url, dataDir: '' }, onError);
      second = await openDatabase({ databaseUrl: scratch.url, dataDir: '' }, onError);
      cleanUp = async () => {
        await Promise.all([connection.close(), second.close()]);
        await scratch.drop();
      };
    } else {
      const dataDir = await mkdtemp(join(tmpdir(), 'sensorium-migrate-'));
      await seedPgliteDataDir(dataDir);
      connection = await openDatabase({ databaseUrl: null, dataDir }, onError);
      second = connection;
      cleanUp = async () => {
        await connection.close();
        await rm(dataDir, { recursive: true, force: true });
      };
    }
  });
  afterAll(() => cleanUp?.());

  const tables = async () =>
    (
      await connection.transaction((execute) =>
        execute(`SELECT table_name FROM information_schema.tables WHERE table_schema = 'public'`, []),
      )
    ).map((row) => row.table_name);

  it('applies core first, then each plugin in the order given, recording every step', async () => {
    const applied = await runMigrations(connection, [core, gateways, readings]);
    expect(applied).toEqual([
      ...coreMigrations.map((migration) => ({ pluginId: 'core', migrationId: migration.id })),
      { pluginId: 'gateways', migrationId: '001-gateways' },
      { pluginId: 'gateways', migrationId: '002-gateway-names' },
      { pluginId: 'readings', migrationId: '001-readings' },
    ]);
    expect(await tables()).toEqual(
      expect.arrayContaining([
        'users',
        'user_groups',
        'refresh_tokens',
        'audit_records',
        'system_settings',
        'job_leases',
        'gateways',
        'gateway_notes',
        'readings',
      ]),
    );
  });

  it('runs nothing on a second start', async () => {
    expect(await runMigrations(connection, [core, gateways, readings])).toEqual([]);
  });

  it('applies each new step exactly once, in order, when two instances start together', async () => {
    const next: MigrationSource = {
      pluginId: 'gateways',
      migrations: [
        ...gateways.migrations,
        { id: '003-gateway-location', sql: 'ALTER TABLE gateways ADD COLUMN location text' },
        // Fails unless 003 ran before it, whichever instance ran 003.
        { id: '004-gateway-site', sql: 'ALTER TABLE gateways RENAME COLUMN location TO site' },
      ],
    };
    const [first, other] = await Promise.all([runMigrations(connection, [core, next]), runMigrations(second, [core, next])]);
    const steps = [...first, ...other].map((step) => step.migrationId);
    expect(steps.sort()).toEqual(['003-gateway-location', '004-gateway-site']);
  });

  it('commits each step on its own: a failing one is rolled back alone, the steps before it stay, the next start resumes at it', async () => {
    const broken: MigrationSource = {
      pluginId: 'broken',
      migrations: [
        { id: '001-fine', sql: 'CREATE TABLE broken_fine (id int)' },
        { id: '002-typo', sql: 'CREATE TABLE broken_half (id int); CREAT TABLE broken_typo (id int)' },
        { id: '003-later', sql: 'CREATE TABLE broken_later (id int)' },
      ],
    };
    const failure = await runMigrations(connection, [core, broken]).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(MigrationError);
    expect(failure).toMatchObject({
      pluginId: 'broken',
      migrationId: '002-typo',
      message: expect.stringMatching(
        /^Migration "002-typo" of plugin "broken" failed: syntax error at or near "CREAT"\. .*\(1 earlier step\(s\) of this start stay applied: broken\/001-fine\)/,
      ),
    });
    expect(await tables()).toContain('broken_fine');
    expect(await tables()).not.toContain('broken_half');
    expect(await tables()).not.toContain('broken_later');
    const recorded = await connection.transaction((execute) =>
      execute(`SELECT migration_id FROM sensorium_migrations WHERE plugin_id = 'broken'`, []),
    );
    expect(recorded).toEqual([{ migration_id: '001-fine' }]);

    const fixed: MigrationSource = {
      pluginId: 'broken',
      migrations: [broken.migrations[0]!, { id: '002-typo', sql: 'CREATE TABLE broken_typo (id int)' }, broken.migrations[2]!],
    };
    expect(await runMigrations(connection, [core, fixed])).toEqual([
      { pluginId: 'broken', migrationId: '002-typo' },
      { pluginId: 'broken', migrationId: '003-later' },
    ]);
  });

  it('hands a table over to a new owner: recorded without running where the old owner made it, run on a new database', async () => {
    // `gateways` made gateways and gateway_notes (001, 002) in the earlier tests; `lora` takes gateway_notes over.
    const adopted = 'CREATE TABLE gateway_notes (gateway_id int, note text)';
    const lora: MigrationSource = {
      pluginId: 'lora',
      migrations: [
        {
          id: '001-gateway-notes',
          sql: adopted,
          replaces: { pluginId: 'gateways', migrationIds: ['001-gateways', '002-gateway-names'] },
        },
      ],
    };
    expect(await runMigrations(connection, [core, lora])).toEqual([{ pluginId: 'lora', migrationId: '001-gateway-notes' }]);
    const fresh: MigrationSource = {
      pluginId: 'lora',
      migrations: [
        { ...lora.migrations[0]!, id: '002-fresh-copy', replaces: { pluginId: 'gateways', migrationIds: ['009-never'] } },
      ],
    };
    await expect(runMigrations(connection, [core, fresh])).rejects.toThrow('already exists');
  });

  it('refuses a plugin that lists one migration id twice', async () => {
    const twice: MigrationSource = { pluginId: 'twice', migrations: [gateways.migrations[0]!, gateways.migrations[0]!] };
    await expect(runMigrations(connection, [twice])).rejects.toThrow('Plugin "twice" lists migration "001-gateways" twice');
  });
});

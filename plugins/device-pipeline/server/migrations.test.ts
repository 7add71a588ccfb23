import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseConnection } from '../../../host/server/db/connection';
import { runMigrations, type MigrationSource } from '../../../host/server/db/migrate';
import { seedPgliteDataDir } from '../../../host/server/testing/pglite-template';
import { migrations as nodesMigrations } from '../../nodes/server/migrations';
import { migrations } from './migrations';

const nodes: MigrationSource = { pluginId: 'nodes', migrations: nodesMigrations };
const pipeline: MigrationSource = { pluginId: 'device-pipeline', migrations };

/** The nodes plugin's list as it was before the split: its steps that made the pipeline's tables under their old ids. */
function nodesBeforeSplit(upTo: string): MigrationSource {
  const old = migrations.filter((step) => step.replaces).map((step) => ({ id: step.replaces!.migrationIds[0]!, sql: step.sql }));
  const all = [...nodesMigrations, ...old].sort((a, b) => a.id.localeCompare(b.id));
  return { pluginId: 'nodes', migrations: all.filter((step) => step.id <= upTo) };
}

describe('device-pipeline migrations (taking raw_data and field_history over from nodes)', () => {
  let connection: DatabaseConnection;
  let dataDir: string;

  const open = async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'sensorium-pipeline-migrate-'));
    await seedPgliteDataDir(dataDir);
    connection = await openDatabase({ databaseUrl: null, dataDir }, (error) => console.error(error));
  };
  const rows = (sql: string) => connection.transaction((execute) => execute(sql, []));
  const rawColumnType = async () =>
    (await rows(`SELECT data_type FROM information_schema.columns WHERE table_name = 'raw_data' AND column_name = 'raw'`))[0]
      ?.data_type;

  afterEach(async () => {
    await connection?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('creates the tables on a new database', async () => {
    await open();
    const applied = await runMigrations(connection, [nodes, pipeline]);
    expect(applied.filter((step) => step.pluginId === 'device-pipeline').map((step) => step.migrationId)).toEqual(
      migrations.map((step) => step.id),
    );
    expect(await rawColumnType()).toBe('json');
    await rows(`INSERT INTO field_history (item_uuid, field, at, value) VALUES (gen_random_uuid(), 'f', now(), 1)`);
  });

  it('keeps the tables and their rows where the nodes plugin made them, running only what that database lacks', async () => {
    await open();
    await runMigrations(connection, [nodesBeforeSplit('007-raw-data-json')]);
    await rows(`INSERT INTO raw_data (source, dedup_key, raw) VALUES ('api', 'k1', '{"v":1}')`);
    const applied = await runMigrations(connection, [nodes, pipeline]);
    // Recorded as done without running: a second CREATE TABLE would have failed. The pipeline's own steps then run.
    expect(applied.filter((step) => step.pluginId === 'device-pipeline')).toEqual(
      migrations.map((step) => ({ pluginId: 'device-pipeline', migrationId: step.id })),
    );
    expect(await rows(`SELECT dedup_key FROM raw_data`)).toEqual([{ dedup_key: 'k1' }]);
    expect(await rawColumnType()).toBe('json');
  });

  it('still turns raw rows into json on a database the nodes plugin left before its step 007', async () => {
    await open();
    await runMigrations(connection, [nodesBeforeSplit('006-create-device-profiles')]);
    expect(await rawColumnType()).toBe('jsonb');
    await runMigrations(connection, [nodes, pipeline]);
    expect(await rawColumnType()).toBe('json');
  });
});

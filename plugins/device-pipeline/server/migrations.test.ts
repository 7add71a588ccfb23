import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseConnection } from '../../../host/server/db/connection';
import { runMigrations, type MigrationSource } from '../../../host/server/db/migrate';
import { databaseBackends, seedPgliteDataDir, type DatabaseBackend } from '../../../host/server/testing';
import { createScratchDatabase } from '../../../host/server/testing/scratch-database';
import { migrations as nodesMigrations } from '../../nodes/server/migrations';
import { migrations } from './migrations';

const nodes: MigrationSource = { pluginId: 'nodes', migrations: nodesMigrations };
const pipeline: MigrationSource = { pluginId: 'device-pipeline', migrations };
/** The pipeline's steps before its tables were partitioned: the schema of a database made by an earlier release. */
const pipelineBefore = (id: string): MigrationSource => ({
  pluginId: 'device-pipeline',
  migrations: migrations.filter((step) => step.id < id),
});

/** The nodes plugin's list as it was before the split: its steps that made the pipeline's tables under their old ids. */
function nodesBeforeSplit(upTo: string): MigrationSource {
  const old = migrations.filter((step) => step.replaces).map((step) => ({ id: step.replaces!.migrationIds[0]!, sql: step.sql }));
  const all = [...nodesMigrations, ...old].sort((a, b) => a.id.localeCompare(b.id));
  return { pluginId: 'nodes', migrations: all.filter((step) => step.id <= upTo) };
}

describe.each(databaseBackends())('device-pipeline migrations on %s', (backend: DatabaseBackend) => {
  let connection: DatabaseConnection;
  let cleanUp: () => Promise<void>;

  const open = async () => {
    if (backend === 'postgres') {
      const scratch = await createScratchDatabase();
      connection = await openDatabase({ databaseUrl: scratch.url, dataDir: '' }, (error) => console.error(error));
      cleanUp = scratch.drop;
    } else {
      const dataDir = await mkdtemp(join(tmpdir(), 'sensorium-pipeline-migrate-'));
      await seedPgliteDataDir(dataDir);
      connection = await openDatabase({ databaseUrl: null, dataDir }, (error) => console.error(error));
      cleanUp = () => rm(dataDir, { recursive: true, force: true });
    }
  };
  const rows = (sql: string, params?: unknown[]) => connection.transaction((execute) => execute(sql, params));
  const rawColumnType = async () =>
    (await rows(`SELECT data_type FROM information_schema.columns WHERE table_name = 'raw_data' AND column_name = 'raw'`))[0]
      ?.data_type;
  /** The partitions of a table with their bounds, by name. */
  const partitions = async (table: string) =>
    Object.fromEntries(
      (
        await rows(
          `SELECT c.relname AS name, pg_get_expr(c.relpartbound, c.oid) AS bound
           FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid WHERE i.inhparent = $1::regclass`,
          [table],
        )
      ).map((row) => [row.name as string, row.bound as string]),
    );

  afterEach(async () => {
    await connection?.close();
    await cleanUp?.();
  });

  it('creates the tables on a new database, raw data and history partitioned by time', async () => {
    await open();
    const applied = await runMigrations(connection, [nodes, pipeline]);
    expect(applied.filter((step) => step.pluginId === 'device-pipeline').map((step) => step.migrationId)).toEqual(
      migrations.map((step) => step.id),
    );
    expect(await rawColumnType()).toBe('json');
    const partitioned = await rows(`SELECT partrelid::regclass::text AS name FROM pg_partitioned_table ORDER BY 1`);
    expect(partitioned.map((row) => row.name)).toEqual(['field_history', 'raw_data']);
    expect(Object.keys(await partitions('raw_data')).sort()).toEqual([
      'device_pipeline_raw_data_default',
      'device_pipeline_raw_data_legacy',
    ]);
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

  it('partitions a database that holds rows: every row kept, its dedup key too, ids going on', async () => {
    await open();
    await runMigrations(connection, [nodes, pipelineBefore('006')]);
    // Three weeks of raw rows and history, one each hour, as an earlier release stored them.
    await rows(`
      INSERT INTO raw_data (app_id, item_name, source, dedup_key, created_at, raw, payload)
      SELECT 'old_app', 'meter-' || (n % 3), 'chirpstack', 'key-' || n, now() - make_interval(hours => n),
             json_build_object('n', n), json_build_object('deviceData', json_build_object('t', n))
      FROM generate_series(1, 500) AS n`);
    await rows(`
      INSERT INTO field_history (item_uuid, field, at, value)
      SELECT '00000000-0000-4000-8000-000000000001', 'temperature', now() - make_interval(hours => n), n
      FROM generate_series(1, 500) AS n`);
    const [before] = await rows(`SELECT max(id)::int AS id FROM raw_data`);

    await runMigrations(connection, [nodes, pipeline]);

    expect(await rows(`SELECT count(*)::int AS n, count(DISTINCT dedup_key)::int AS keys FROM raw_data`)).toEqual([
      { n: 500, keys: 500 },
    ]);
    expect(await rows(`SELECT count(*)::int AS n, sum(value)::int AS total FROM field_history`)).toEqual([
      { n: 500, total: 125_250 },
    ]);
    // The old rows stay where they were: the former table is the partition of everything before tomorrow.
    const raw = await partitions('raw_data');
    expect(raw.device_pipeline_raw_data_legacy).toMatch(/^FOR VALUES FROM \(MINVALUE\) TO \('.+'\)$/);
    expect(raw.device_pipeline_raw_data_default).toBe('DEFAULT');
    expect(await rows(`SELECT count(*)::int AS n FROM device_pipeline_raw_data_legacy`)).toEqual([{ n: 500 }]);
    expect(await rows(`SELECT count(*)::int AS n FROM device_pipeline_field_history_legacy`)).toEqual([{ n: 500 }]);
    // Every dedup key moved with its row's time: the same uplink is still recognised.
    expect(
      await rows(`SELECT count(*)::int AS n FROM device_pipeline_raw_keys k JOIN raw_data r USING (source, dedup_key)
                  WHERE k.created_at = r.created_at`),
    ).toEqual([{ n: 500 }]);
    expect(
      await rows(`INSERT INTO device_pipeline_raw_keys (source, dedup_key, created_at) VALUES ('chirpstack', 'key-7', now())
                  ON CONFLICT DO NOTHING RETURNING dedup_key`),
    ).toEqual([]);
    // New rows take the next ids of the same sequence.
    const [added] = await rows(
      `INSERT INTO raw_data (app_id, source, dedup_key) VALUES ('old_app', 'chirpstack', 'new') RETURNING id::int AS id`,
    );
    expect(Number(added!.id)).toBeGreaterThan(Number(before!.id));
    // The former table keeps only the search's index, as every partition has it.
    const indexes = await rows(`SELECT indexdef FROM pg_indexes WHERE tablename = 'device_pipeline_raw_data_legacy'`);
    expect(indexes.map((row) => String(row.indexdef).replace(/^.* USING /, ''))).toEqual([
      'btree (app_id, created_at, item_name)',
    ]);
  });
});

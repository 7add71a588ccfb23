import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Migration } from '@sensorium/core/server';
import { databaseBackends } from '../testing';
import type { SqlExecutor } from './connection';
import { keptDatabase, migratingPlugin, type KeptDatabase } from './upgrade.fixture';

const PLUGIN = 'tank-levels';

/** Release 1 of the plugin: its table, and readings as they were recorded (one of them out of range). */
const release1: Migration[] = [
  {
    id: '001-create-readings',
    sql: `
      CREATE TABLE tank_levels_readings (id int PRIMARY KEY, percent double precision NOT NULL);
      INSERT INTO tank_levels_readings VALUES (1, 40), (2, 75), (3, 140);
    `,
  },
];

/**
 * Release 2 adds a step that does several things before its last statement fails on the existing data (a reading above
 * 100 %): a new column filled in, a new table, an index, then a check constraint that row 3 violates.
 */
const checkedLevels: Migration = {
  id: '002-checked-levels',
  sql: `
    ALTER TABLE tank_levels_readings ADD COLUMN litres double precision;
    UPDATE tank_levels_readings SET litres = percent * 50;
    CREATE TABLE tank_levels_tanks (id int PRIMARY KEY, capacity_litres double precision NOT NULL);
    CREATE INDEX tank_levels_readings_percent_idx ON tank_levels_readings (percent);
    ALTER TABLE tank_levels_readings ADD CONSTRAINT tank_levels_percent_range CHECK (percent BETWEEN 0 AND 100);
  `,
};
const release2 = [...release1, checkedLevels];

/** Every column, constraint and index of the public schema, and every row of the migrations table and of the plugin's. */
async function snapshot(execute: SqlExecutor) {
  const all = (sql: string) => execute(sql, []);
  return {
    columns: await all(
      `SELECT table_name, column_name, data_type, is_nullable, column_default FROM information_schema.columns
       WHERE table_schema = 'public' ORDER BY table_name, column_name`,
    ),
    constraints: await all(
      `SELECT conrelid::regclass::text AS table_name, conname, pg_get_constraintdef(oid) AS definition FROM pg_constraint
       WHERE connamespace = 'public'::regnamespace ORDER BY 1, 2`,
    ),
    indexes: await all(`SELECT indexname, indexdef FROM pg_indexes WHERE schemaname = 'public' ORDER BY 1`),
    migrations: await all(`SELECT plugin_id, migration_id, applied_at FROM sensorium_migrations ORDER BY 1, 2`),
    readings: await all('SELECT * FROM tank_levels_readings ORDER BY id'),
  };
}

describe.each(databaseBackends())('a failed migration on %s', (backend) => {
  let database: KeptDatabase;

  beforeAll(async () => {
    database = await keptDatabase(backend);
    await (await database.start([migratingPlugin(PLUGIN, release1)])).close();
  });
  afterAll(() => database?.drop());

  it('stops the start naming the plugin and the step, and leaves the schema, the data and the migrations table as they were', async () => {
    const before = await database.read(snapshot);
    expect(before.migrations.map((row) => `${row.plugin_id}/${row.migration_id}`)).toContain(`${PLUGIN}/001-create-readings`);

    const start = database.start([migratingPlugin(PLUGIN, release2)]);
    await expect(start).rejects.toThrow(
      /^Migration "002-checked-levels" of plugin "tank-levels" failed: .*tank_levels_percent_range.* The step was rolled back, so the database is as it was before it\. Fix the cause and start again/,
    );
    expect(await database.read(snapshot)).toEqual(before);
  });

  it('rolls forward once the cause is fixed: the next start applies the step and nothing twice', async () => {
    // The operator's fix: the out-of-range reading was a sensor fault.
    await database.read((execute) => execute('UPDATE tank_levels_readings SET percent = 100 WHERE id = 3', []));
    await (await database.start([migratingPlugin(PLUGIN, release2)])).close();

    const after = await database.read(snapshot);
    expect(after.migrations.filter((row) => row.plugin_id === PLUGIN).map((row) => row.migration_id)).toEqual([
      '001-create-readings',
      '002-checked-levels',
    ]);
    expect(after.readings).toEqual([
      { id: 1, percent: 40, litres: 2000 },
      { id: 2, percent: 75, litres: 3750 },
      { id: 3, percent: 100, litres: 5000 },
    ]);
    expect(after.constraints.map((row) => row.conname)).toContain('tank_levels_percent_range');
  });
});

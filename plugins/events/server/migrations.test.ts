import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseConnection } from '../../../host/server/db/connection';
import { runMigrations, type MigrationSource } from '../../../host/server/db/migrate';
import { seedPgliteDataDir } from '../../../host/server/testing/pglite-template';
import { migrations as pipelineMigrations } from '../../device-pipeline/server/migrations';
import { migrations as nodesMigrations } from '../../nodes/server/migrations';
import { migrations } from './migrations';

const nodes: MigrationSource = { pluginId: 'nodes', migrations: nodesMigrations };
const pipeline: MigrationSource = { pluginId: 'device-pipeline', migrations: pipelineMigrations };
const events: MigrationSource = { pluginId: 'events', migrations };
/** The step that made node_events, under the id its former owner gave it. */
const madeBy = (id: string) => ({ id, sql: migrations[0]!.sql });

describe('events migrations (taking node_events over from device-pipeline)', () => {
  let connection: DatabaseConnection;
  let dataDir: string;

  const open = async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'sensorium-events-migrate-'));
    await seedPgliteDataDir(dataDir);
    connection = await openDatabase({ databaseUrl: null, dataDir }, (error) => console.error(error));
  };
  const rows = (sql: string) => connection.transaction((execute) => execute(sql, []));
  const addEvent = () =>
    rows(
      `INSERT INTO node_events (app_id, item_uuid, item_name, field, range_index) VALUES ('a', gen_random_uuid(), 'i', 'f', 0)`,
    );

  afterEach(async () => {
    await connection?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('creates the table on a new database', async () => {
    await open();
    const applied = await runMigrations(connection, [nodes, pipeline, events]);
    expect(applied.filter((step) => step.pluginId === 'events').map((step) => step.migrationId)).toEqual([
      '001-create-node-events',
      '002-event-details-and-history',
      '003-subject-events',
      '004-latest-open-events',
    ]);
    await addEvent();
    expect(await rows(`SELECT item_name FROM node_events`)).toEqual([{ item_name: 'i' }]);
  });

  it('keeps the table and its events where device-pipeline made it', async () => {
    await open();
    const before = [...pipelineMigrations, madeBy('003-create-node-events')].sort((a, b) => a.id.localeCompare(b.id));
    await runMigrations(connection, [nodes, { pluginId: 'device-pipeline', migrations: before }]);
    await addEvent();
    const applied = await runMigrations(connection, [nodes, pipeline, events]);
    expect(applied).toEqual([
      { pluginId: 'events', migrationId: '001-create-node-events' },
      { pluginId: 'events', migrationId: '002-event-details-and-history' },
      { pluginId: 'events', migrationId: '003-subject-events' },
      { pluginId: 'events', migrationId: '004-latest-open-events' },
    ]);
    expect(await rows(`SELECT item_name, additional_info FROM node_events`)).toEqual([{ item_name: 'i', additional_info: '' }]);
  });

  it('keeps the table and its events on a database last started before device-pipeline existed', async () => {
    await open();
    const before = [...nodesMigrations, madeBy('004-create-node-events')].sort((a, b) => a.id.localeCompare(b.id));
    await runMigrations(connection, [{ pluginId: 'nodes', migrations: before }]);
    await addEvent();
    await runMigrations(connection, [nodes, pipeline, events]);
    expect(await rows(`SELECT item_name FROM node_events`)).toEqual([{ item_name: 'i' }]);
  });
});

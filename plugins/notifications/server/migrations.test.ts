import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseConnection } from '../../../host/server/db/connection';
import { runMigrations, type MigrationSource } from '../../../host/server/db/migrate';
import { seedPgliteDataDir } from '../../../host/server/testing/pglite-template';
import { migrations as nodesMigrations } from '../../nodes/server/migrations';
import { contactMigrations } from './contacts/migrations';

const nodes: MigrationSource = { pluginId: 'nodes', migrations: nodesMigrations };
/** The contacts part's steps only: the plugin's other parts need core's tables, which these tests leave out. */
const notifications: MigrationSource = { pluginId: 'notifications', migrations: contactMigrations };
/** Nodes' steps as they were while nodes made contacts (005, with the same table the takeover step makes). */
const nodesBefore: MigrationSource = {
  pluginId: 'nodes',
  migrations: [...nodesMigrations, { id: '005-create-contacts', sql: contactMigrations[0]!.sql }].sort((a, b) =>
    a.id.localeCompare(b.id),
  ),
};

describe('notifications migrations (taking contacts over from nodes)', () => {
  let connection: DatabaseConnection;
  let dataDir: string;

  const open = async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'sensorium-notifications-migrate-'));
    await seedPgliteDataDir(dataDir);
    connection = await openDatabase({ databaseUrl: null, dataDir }, (error) => console.error(error));
  };
  const rows = (sql: string) => connection.transaction((execute) => execute(sql, []));

  afterEach(async () => {
    await connection?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('creates the table with the new columns on a new database', async () => {
    await open();
    const applied = await runMigrations(connection, [nodes, notifications]);
    expect(applied.filter((step) => step.pluginId === 'notifications').map((step) => step.migrationId)).toEqual([
      'contacts-001-create',
      'contacts-002-channels-and-priority',
    ]);
    await rows(`INSERT INTO contacts (app_id, name) VALUES ('a', 'Ada')`);
    expect(await rows(`SELECT name, priority, whatsapp_enable, unsubscribed, misc FROM contacts`)).toEqual([
      { name: 'Ada', priority: 1, whatsapp_enable: true, unsubscribed: false, misc: '' },
    ]);
  });

  it('keeps the table and its rows where nodes made it, and adds the new columns', async () => {
    await open();
    await runMigrations(connection, [nodesBefore]);
    await rows(`INSERT INTO contacts (app_id, name, email, phone_enable) VALUES ('a', 'Ada', 'ada@example.com', false)`);
    const applied = await runMigrations(connection, [nodes, notifications]);
    expect(applied).toEqual([
      { pluginId: 'notifications', migrationId: 'contacts-001-create' },
      { pluginId: 'notifications', migrationId: 'contacts-002-channels-and-priority' },
    ]);
    expect(await rows(`SELECT name, email, phone_enable, priority, unsubscribed FROM contacts`)).toEqual([
      { name: 'Ada', email: 'ada@example.com', phone_enable: false, priority: 1, unsubscribed: false },
    ]);
  });
});

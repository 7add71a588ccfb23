import { afterEach, describe, expect, it } from 'vitest';
import { migrations as usersMigrations } from '../../../plugins/users/server/migrations';
import { databaseBackends } from '../testing';
import { openEmptyDatabase } from '../testing/empty-database';
import type { DatabaseConnection } from './connection';
import { coreMigrations } from './core-migrations';
import { runMigrations } from './migrate';

/** The users plugin's first step as databases made before core owned the account columns ran it. */
const usersFirstStep = {
  id: '001-user-columns-api-keys-application-users',
  sql: `
    ALTER TABLE users ADD COLUMN scope text NOT NULL DEFAULT '';
    ALTER TABLE users ADD COLUMN ldap_url text;
    ALTER TABLE users ADD COLUMN user_dn text;
    CREATE TABLE api_keys (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      name text NOT NULL,
      prefix text NOT NULL,
      key_hash text NOT NULL UNIQUE,
      created_at timestamptz NOT NULL DEFAULT now(),
      last_used_at timestamptz
    );
    CREATE INDEX api_keys_user_idx ON api_keys (user_id);
    CREATE TABLE application_users (
      app_id text NOT NULL,
      user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      device_tags jsonb NOT NULL DEFAULT '[]'::jsonb,
      created_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (app_id, user_id)
    );
    CREATE INDEX application_users_user_idx ON application_users (user_id);
    CREATE TABLE application_groups (
      app_id text NOT NULL,
      group_id uuid NOT NULL REFERENCES user_groups(id) ON DELETE CASCADE,
      created_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (app_id, group_id)
    );
  `,
};

describe.each(databaseBackends())('core takes the account columns over from the users plugin on %s', (backend) => {
  const cleanUps: (() => Promise<void>)[] = [];

  const emptyDatabase = async (): Promise<DatabaseConnection> => {
    const { connection, close } = await openEmptyDatabase(backend);
    cleanUps.push(close);
    return connection;
  };

  afterEach(async () => {
    for (const cleanUp of cleanUps.splice(0)) await cleanUp();
  });

  const columns = async (connection: DatabaseConnection) =>
    (
      await connection.transaction((execute) =>
        execute(
          `SELECT column_name FROM information_schema.columns WHERE table_name = 'users' AND column_name IN ('scope', 'ldap_url', 'user_dn') ORDER BY 1`,
          [],
        ),
      )
    ).map((row) => row.column_name);

  it('records the steps without running them where the users plugin added the columns', async () => {
    const connection = await emptyDatabase();
    const before = coreMigrations.filter((migration) => migration.id !== '007-user-profile-columns');
    await runMigrations(connection, [
      { pluginId: 'core', migrations: before },
      { pluginId: 'users', migrations: [usersFirstStep] },
    ]);
    const applied = await runMigrations(connection, [
      { pluginId: 'core', migrations: coreMigrations },
      { pluginId: 'users', migrations: usersMigrations },
    ]);
    expect(applied).toEqual([
      { pluginId: 'core', migrationId: '007-user-profile-columns' },
      { pluginId: 'users', migrationId: '002-api-keys-and-application-users' },
    ]);
    expect(await columns(connection)).toEqual(['ldap_url', 'scope', 'user_dn']);
  });

  it('makes the columns in core and the users plugin’s own tables on a new database', async () => {
    const connection = await emptyDatabase();
    await runMigrations(connection, [
      { pluginId: 'core', migrations: coreMigrations },
      { pluginId: 'users', migrations: usersMigrations },
    ]);
    expect(await columns(connection)).toEqual(['ldap_url', 'scope', 'user_dn']);
    const tables = await connection.transaction((execute) =>
      execute(
        `SELECT table_name FROM information_schema.tables WHERE table_name IN ('api_keys', 'application_users', 'application_groups') ORDER BY 1`,
        [],
      ),
    );
    expect(tables.map((row) => row.table_name)).toEqual(['api_keys', 'application_groups', 'application_users']);
  });
});

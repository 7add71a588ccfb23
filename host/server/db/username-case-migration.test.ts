import { afterEach, describe, expect, it } from 'vitest';
import { databaseBackends } from '../testing';
import { openEmptyDatabase } from '../testing/empty-database';
import { coreMigrations } from './core-migrations';
import { runMigrations } from './migrate';

const STEP = '009-usernames-unique-without-case';
const before = { pluginId: 'core', migrations: coreMigrations.filter((migration) => migration.id !== STEP) };
const all = { pluginId: 'core', migrations: coreMigrations };
const addUser = (username: string) =>
  `INSERT INTO users (username, password_hash, level) VALUES ('${username}', 'x', 'si-customer')`;

describe.each(databaseBackends())('usernames unique without case (core migration 009) on %s', (backend) => {
  const cleanUps: (() => Promise<void>)[] = [];
  const emptyDatabase = async () => {
    const { connection, close } = await openEmptyDatabase(backend);
    cleanUps.push(close);
    return connection;
  };
  afterEach(async () => {
    for (const cleanUp of cleanUps.splice(0)) await cleanUp();
  });

  it('stops and names the accounts that differ only in case, renaming none', async () => {
    const connection = await emptyDatabase();
    await runMigrations(connection, [before]);
    await connection.transaction(async (execute) => {
      for (const username of ['Ann', 'ann', 'bob']) await execute(addUser(username), []);
    });
    await expect(runMigrations(connection, [all])).rejects.toThrow(
      `Migration "${STEP}" of plugin "core" failed: usernames that differ only in case must be renamed first: Ann, ann`,
    );

    await connection.transaction((execute) => execute(`UPDATE users SET username = 'ann-2' WHERE username = 'ann'`, []));
    expect(await runMigrations(connection, [all])).toEqual([{ pluginId: 'core', migrationId: STEP }]);
    await expect(connection.transaction((execute) => execute(addUser('BOB'), []))).rejects.toThrow(/users_username_lower_idx/);
  });
});

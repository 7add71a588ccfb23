import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase, type DatabaseConnection } from '../db/connection';
import { seedPgliteDataDir } from './pglite-template';
import { createScratchDatabase } from './scratch-database';
import type { DatabaseBackend } from './index';

/** A database with no table yet, for tests of migrations; `close` also deletes it. */
export async function openEmptyDatabase(
  backend: DatabaseBackend,
): Promise<{ connection: DatabaseConnection; close(): Promise<void> }> {
  const onError = (error: Error) => console.error(error);
  if (backend === 'postgres') {
    const scratch = await createScratchDatabase();
    const connection = await openDatabase({ databaseUrl: scratch.url, dataDir: '' }, onError);
    return {
      connection,
      async close() {
        await connection.close();
        await scratch.drop();
      },
    };
  }
  const dataDir = await mkdtemp(join(tmpdir(), 'sensorium-empty-db-'));
  await seedPgliteDataDir(dataDir);
  const connection = await openDatabase({ databaseUrl: null, dataDir }, onError);
  return {
    connection,
    async close() {
      await connection.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

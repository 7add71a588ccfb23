import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineServerPlugin, type Migration, type ServerConfig, type ServerPlugin } from '@sensorium/core/server';
import { loadConfig } from '../config';
import { startServer, type RunningServer } from '../start-server';
import type { DatabaseBackend } from '../testing';
import { seedPgliteDataDir } from '../testing/pglite-template';
import { createScratchDatabase } from '../testing/scratch-database';
import { openDatabase, type SqlExecutor } from './connection';

/** A plugin with nothing but migrations, as a release of it would ship them: tests of upgrades start servers with it. */
export function migratingPlugin(id: string, migrations: Migration[]): ServerPlugin {
  return defineServerPlugin({ manifest: { id, version: '1.0.0' }, migrations, register: () => {} });
}

/**
 * One database that outlives the servers started on it (a PGlite folder, or a scratch PostgreSQL database), so a test
 * can start one release after another on it and read it between the starts.
 */
export interface KeptDatabase {
  start(plugins: ServerPlugin[]): Promise<RunningServer>;
  /** Runs `work` on a connection of its own; with PGlite, only while no server has the folder open. */
  read<T>(work: (execute: SqlExecutor) => Promise<T>): Promise<T>;
  drop(): Promise<void>;
}

export async function keptDatabase(backend: DatabaseBackend): Promise<KeptDatabase> {
  const dataDir = await mkdtemp(join(tmpdir(), 'sensorium-kept-db-'));
  const scratch = backend === 'postgres' ? await createScratchDatabase() : null;
  if (!scratch) await seedPgliteDataDir(dataDir);
  const where = { databaseUrl: scratch?.url ?? null, dataDir };
  const config: ServerConfig = {
    ...loadConfig({}),
    ...where,
    port: 0,
    adminPassword: 'kept-database-admin',
    logLevel: 'silent',
    clientDir: null,
    mqtt: null,
  };
  return {
    start: (plugins) => startServer(config, plugins),
    async read(work) {
      const connection = await openDatabase(where, (error) => console.error(error));
      try {
        return await connection.transaction(work);
      } finally {
        await connection.close();
      }
    },
    async drop() {
      await scratch?.drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

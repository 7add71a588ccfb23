import { existsSync } from 'node:fs';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase, pgliteDirectory, type SqlExecutor } from './connection';

export interface InspectedDatabase<T> {
  backend: 'pglite' | 'postgres';
  /** The PGlite folder, or the PostgreSQL connection string without its password. */
  location: string;
  /** False when there is no database there yet (a PGlite folder never started). */
  exists: boolean;
  result: T;
}

function withoutPassword(connectionString: string): string {
  const url = new URL(connectionString);
  if (url.password) url.password = '***';
  return url.href;
}

/**
 * Runs `work` in one read transaction on the configured database without disturbing a server that may be running on it.
 * PostgreSQL is simply connected to. PGlite lets one process open a folder at a time and does not notice a second one
 * (both would write its files), so `work` reads a copy of the folder, deleted afterwards. A folder that was never
 * started is not created: `work` gets null.
 */
export async function inspectDatabase<T>(
  where: { databaseUrl: string | null; dataDir: string },
  work: (execute: SqlExecutor | null) => Promise<T>,
): Promise<InspectedDatabase<T>> {
  const read = async (connectTo: { databaseUrl: string | null; dataDir: string }) => {
    const connection = await openDatabase(connectTo, () => undefined);
    try {
      return await connection.transaction(work);
    } finally {
      await connection.close();
    }
  };
  if (where.databaseUrl) {
    const result = await read(where);
    return { backend: 'postgres', location: withoutPassword(where.databaseUrl), exists: true, result };
  }
  const folder = pgliteDirectory(where.dataDir);
  if (!existsSync(join(folder, 'PG_VERSION')))
    return { backend: 'pglite', location: folder, exists: false, result: await work(null) };
  const copy = await mkdtemp(join(tmpdir(), 'sensorium-db-inspect-'));
  try {
    await cp(folder, pgliteDirectory(copy), { recursive: true });
    return { backend: 'pglite', location: folder, exists: true, result: await read({ databaseUrl: null, dataDir: copy }) };
  } finally {
    await rm(copy, { recursive: true, force: true });
  }
}

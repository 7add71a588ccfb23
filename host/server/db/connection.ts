import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { Database } from '@sensorium/core/server';

/** Runs one statement with parameters, or a multi-statement script without; returns the last statement's rows. */
export type SqlExecutor = (sql: string, params?: unknown[]) => Promise<Record<string, unknown>[]>;

export interface DatabaseConnection {
  backend: 'pglite' | 'postgres';
  db: Database;
  /**
   * Runs `work` in one transaction on one connection, below Drizzle, because migrations are SQL scripts
   * and Drizzle sends every statement as a prepared (single-statement) query.
   */
  transaction<T>(work: (execute: SqlExecutor) => Promise<T>): Promise<T>;
  /** PGlite's one session outside a transaction, for the job queue (PostgreSQL's gets a pool of its own instead). */
  pglite?: SqlExecutor;
  close(): Promise<void>;
}

function pgliteExecutor(client: Pick<PGlite, 'query' | 'exec'>): SqlExecutor {
  return async (sql, params) => {
    if (params) return (await client.query<Record<string, unknown>>(sql, params)).rows;
    const results = await client.exec(sql);
    return (results.at(-1)?.rows ?? []) as Record<string, unknown>[];
  };
}

/** Where the embedded database of a data folder lives. */
export function pgliteDirectory(dataDir: string): string {
  return join(dataDir, 'db');
}

async function openPglite(dataDir: string): Promise<DatabaseConnection> {
  const directory = pgliteDirectory(dataDir);
  await mkdir(directory, { recursive: true });
  const client = await PGlite.create(directory);
  return {
    backend: 'pglite',
    db: drizzlePglite({ client }) as unknown as Database,
    transaction: (work) => client.transaction((tx) => work(pgliteExecutor(tx))),
    pglite: pgliteExecutor(client),
    close: () => client.close(),
  };
}

/**
 * Startup options of every pooled connection. The console's statements are short, and when one is estimated above
 * jit_above_cost, PostgreSQL compiles JIT code for longer than the statement runs: the ingest's item load spent 30-40 ms
 * on it (auto_explain and pg_stat_statements under bench:ingest). Sent with the connection, so it costs no round trip;
 * an `options` parameter in DATABASE_URL replaces it (node-postgres lets the URL win).
 */
const CONNECTION_OPTIONS = '-c jit=off';

function openPostgres(connectionString: string, onError: (error: Error) => void): DatabaseConnection {
  const pool = new pg.Pool({ connectionString, options: CONNECTION_OPTIONS });
  // An idle client losing its connection must not crash the process; the next query reconnects.
  pool.on('error', onError);
  return {
    backend: 'postgres',
    db: drizzlePostgres({ client: pool }) as unknown as Database,
    async transaction(work) {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const result = await work(async (sql, params) => {
          const answer = (await client.query(sql, params)) as pg.QueryResult | pg.QueryResult[];
          return (Array.isArray(answer) ? (answer.at(-1)?.rows ?? []) : answer.rows) as Record<string, unknown>[];
        });
        await client.query('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
    close: () => pool.end(),
  };
}

/** PostgreSQL when a connection string is configured, otherwise embedded PGlite on disk under <dataDir>/db. */
export async function openDatabase(
  options: { databaseUrl: string | null; dataDir: string },
  onError: (error: Error) => void,
): Promise<DatabaseConnection> {
  return options.databaseUrl ? openPostgres(options.databaseUrl, onError) : openPglite(options.dataDir);
}

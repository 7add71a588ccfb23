import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { createToken } from '@sensorium/core/common';

/**
 * The one query layer: Drizzle ORM over PGlite (embedded default) or node-postgres (DATABASE_URL).
 * Both drivers share this type, so plugin code never knows which one runs.
 */
export type Database = PgDatabase<PgQueryResultHKT, Record<string, never>>;
export const DatabaseToken = createToken<Database>('core.database');

/**
 * One step of a plugin's schema. Each plugin lists its migrations explicitly, in order (never a folder scan);
 * the host records applied ids per plugin and runs pending ones at start, in one transaction.
 * Plugins own their tables and prefix them with their id where a clash is possible.
 */
export interface Migration {
  /** Stable and unique within the plugin, e.g. `001-create-gateways`. Never rename an applied migration. */
  id: string;
  /** PostgreSQL statements; they must run on PGlite and on PostgreSQL 15+. */
  sql: string;
  /**
   * When a table changes owner: the previous owner's steps that already made what this step makes. A database where
   * all of them were applied records this step as done without running it; a new database runs it.
   */
  replaces?: { pluginId: string; migrationIds: readonly string[] };
}

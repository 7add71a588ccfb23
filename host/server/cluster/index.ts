import type { ClusterBus, Logger } from '@sensorium/core/server';
import { LocalClusterBus } from './local-bus';
import { PostgresClusterBus } from './postgres-bus';
import { RedisClusterBus } from './redis-bus';

export { LocalClusterBus } from './local-bus';
export { BUS_APPLICATION_NAME, PostgresClusterBus } from './postgres-bus';
export { DEFAULT_REDIS_CHANNEL, RedisClusterBus } from './redis-bus';

export type ClosableClusterBus = ClusterBus & { close(): Promise<void> };

/**
 * The cluster bus the configuration calls for. On embedded PGlite (no DATABASE_URL) only one instance can open the
 * database, so the bus is local and REDIS_URL is not used. On PostgreSQL: Redis pub/sub when REDIS_URL is set, else
 * LISTEN/NOTIFY on the database itself.
 */
export function openClusterBus(
  config: { redisUrl?: string | null; databaseUrl: string | null },
  log: Logger,
): Promise<ClosableClusterBus> {
  if (!config.databaseUrl) return Promise.resolve(new LocalClusterBus());
  if (config.redisUrl) return RedisClusterBus.open(config.redisUrl, log);
  return PostgresClusterBus.open(config.databaseUrl, log);
}

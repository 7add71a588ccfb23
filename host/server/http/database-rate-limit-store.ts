import type { FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { lte, sql } from 'drizzle-orm';
import type { Database } from '@sensorium/core/server';
import { rateLimitHits } from '../db/schema';

/** How often an instance deletes the windows that have ended (their rows would otherwise stay until the key returns). */
export const EXPIRED_WINDOW_SWEEP_MS = 60_000;

type Counted = (error: Error | null, result?: { current: number; ttl: number }) => void;

/** What @fastify/rate-limit hands `child` at run time: the route's merged options (its typings name other fields). */
interface RouteLimitOptions {
  routeInfo: { method?: string | string[]; url?: string };
}

/**
 * @fastify/rate-limit's store (README, "store") in the shared database, so that every console instance behind a load
 * balancer counts against one limit instead of each its own. One row per route and caller key: the calls of the current
 * fixed window and when it ends, counted with one atomic upsert on the database's clock (instances' clocks may differ).
 * `continueExceeding` and `exponentialBackoff` are not supported: no route of the console asks for them.
 */
class DatabaseRateLimitStore {
  constructor(
    private readonly db: Database,
    /** The route the counts belong to ('' for the plugin's own store, which routes never use: they each get a child). */
    private readonly route: string,
    /** When this instance last swept, shared by every route's child: one sweep a minute per instance, not per route. */
    private readonly sweep: { at: number } = { at: 0 },
  ) {}

  incr(key: string, counted: Counted, timeWindowMs: number): void {
    this.count(`${this.route} ${key}`, timeWindowMs).then(
      (result) => counted(null, result),
      (error: unknown) => counted(error instanceof Error ? error : new Error(String(error))),
    );
  }

  child(options: RouteLimitOptions): DatabaseRateLimitStore {
    const { method, url } = options.routeInfo;
    return new DatabaseRateLimitStore(this.db, `${[method ?? ''].flat().join(',')} ${url ?? ''}`, this.sweep);
  }

  private async count(key: string, timeWindowMs: number): Promise<{ current: number; ttl: number }> {
    await this.sweepEndedWindows();
    const ends = sql`now() + make_interval(secs => ${timeWindowMs / 1000}::double precision)`;
    const ended = sql`${rateLimitHits.windowEndsAt} <= now()`;
    const [row] = await this.db
      .insert(rateLimitHits)
      .values({ key, hits: 1, windowEndsAt: ends })
      .onConflictDoUpdate({
        target: rateLimitHits.key,
        // A window that has ended starts again at this call; otherwise the call is one more in it.
        set: {
          hits: sql`CASE WHEN ${ended} THEN 1 ELSE ${rateLimitHits.hits} + 1 END`,
          windowEndsAt: sql`CASE WHEN ${ended} THEN excluded.window_ends_at ELSE ${rateLimitHits.windowEndsAt} END`,
        },
      })
      .returning({
        hits: rateLimitHits.hits,
        ttlMs: sql<number>`greatest(0, extract(epoch from ${rateLimitHits.windowEndsAt} - now()) * 1000)::float8`,
      });
    if (!row) throw new Error('The rate-limit upsert returned no row');
    return { current: row.hits, ttl: Math.ceil(row.ttlMs) };
  }

  /** At most once a sweep interval per instance: callers who never come back leave no rows behind. */
  private async sweepEndedWindows(): Promise<void> {
    const now = Date.now();
    if (now - this.sweep.at < EXPIRED_WINDOW_SWEEP_MS) return;
    this.sweep.at = now;
    await this.db.delete(rateLimitHits).where(lte(rateLimitHits.windowEndsAt, sql`now()`));
  }
}

/**
 * The `store` option of @fastify/rate-limit counting in this database. The plugin constructs it itself (with its global
 * options, unused here), hence a class made for the database; its typings lag its run time (incr is also given the
 * window, child the route's options), hence the cast.
 */
export function databaseRateLimitStore(db: Database): FastifyRateLimitStoreCtor {
  return class extends DatabaseRateLimitStore {
    constructor() {
      super(db, '');
    }
  } as unknown as FastifyRateLimitStoreCtor;
}

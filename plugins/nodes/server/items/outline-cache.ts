import { eq, sql } from 'drizzle-orm';
import type { Database } from '@sensorium/core/server';
import { nodeItems } from '../schema';

/** Applications whose answer is kept; the least recently read goes first (a 10,000-row tree's answer is about 0.7 MB). */
const CAPACITY = 16;

/**
 * GET /tree-outline answers of unrestricted views (no device-tag limit), as JSON text by application. The cache sits
 * behind the route's application check, so it only ever answers callers who may see the application, and a view
 * limited to device tags is always built afresh. Each answer is kept with a fingerprint of every value it was built
 * from (the same columns the outline reads, the severities of the status included), checked on every read: writes
 * from any path or instance (ingest's severities, moves, edits, deletes) change it, none has to remember the cache.
 * Checking costs one aggregate over the application's rows (about 15 ms for 10,000 rows on PGlite) instead of
 * reading, ordering, encoding and serialising them (about 60 ms).
 */
export class OutlineCache {
  private readonly answers = new Map<string, { fingerprint: string; json: string }>();

  constructor(private readonly db: Database) {}

  /** The cached answer while the application's rows are as they were; otherwise `build`'s, kept for next time. */
  async read(appId: string, build: () => Promise<unknown>): Promise<string> {
    const fingerprint = await this.fingerprint(appId);
    const cached = this.answers.get(appId);
    this.answers.delete(appId);
    const json = cached?.fingerprint === fingerprint ? cached.json : JSON.stringify(await build());
    this.answers.set(appId, { fingerprint, json });
    for (const oldest of this.answers.keys()) {
      if (this.answers.size <= CAPACITY) break;
      this.answers.delete(oldest);
    }
    return json;
  }

  /**
   * The row count and the sum of each row's hash of the values the outline reads, in any row order; json_build_array
   * keeps the values apart (no two rows' texts run together).
   */
  private async fingerprint(appId: string): Promise<string> {
    const n = nodeItems;
    const [row] = await this.db
      .select({
        fingerprint: sql<string>`count(*)::text || ':' || coalesce(sum(hashtextextended(json_build_array(
          ${n.uuid}, ${n.itemName}, ${n.displayName}, ${n.itemType}, ${n.parentUuid}, ${n.position}, ${n.enable},
          ${n.status}->'severity', ${n.status}->'eventSeverity', ${n.geoInfo})::text, 0)), 0)::text`,
      })
      .from(nodeItems)
      .where(eq(nodeItems.appId, appId));
    return row?.fingerprint ?? '';
  }
}

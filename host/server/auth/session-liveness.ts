import { and, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { Database } from '@sensorium/core/server';
import { refreshTokens } from '../db/schema';

/**
 * How long an answer about a session is trusted before the database is read again. A revocation on this instance
 * clears the cache at once; one made by another instance sharing the database takes effect here within this window.
 */
export const SESSION_CHECK_WINDOW_MS = 5_000;
/** Above this many cached answers, the stale ones are dropped. */
const PRUNE_ABOVE = 10_000;

/**
 * Whether a login (a refresh-token family, the `family` claim of its access tokens) is still live: some token of the
 * family is neither revoked nor expired. Logout, reuse detection and every revocation leave no such token.
 */
export class SessionLiveness {
  private readonly checked = new Map<string, { live: boolean; at: number }>();
  /** Bumped by clear(), so an answer read before a revocation is not cached after it. */
  private generation = 0;

  constructor(
    private readonly db: Database,
    private readonly windowMs = SESSION_CHECK_WINDOW_MS,
    private readonly now: () => number = Date.now,
  ) {}

  async isLive(familyId: string): Promise<boolean> {
    const cached = this.checked.get(familyId);
    if (cached && this.now() - cached.at < this.windowMs) return cached.live;
    return (await this.readNow([familyId])).has(familyId);
  }

  /** The live ones of these families, read from the database now (the cache takes the answers). */
  async readNow(familyIds: readonly string[]): Promise<Set<string>> {
    if (familyIds.length === 0) return new Set();
    const generation = this.generation;
    const rows = await this.db
      .selectDistinct({ familyId: refreshTokens.familyId })
      .from(refreshTokens)
      .where(
        and(
          inArray(refreshTokens.familyId, [...familyIds]),
          isNull(refreshTokens.revokedAt),
          gt(refreshTokens.expiresAt, sql`now()`),
        ),
      );
    const live = new Set(rows.map((row) => row.familyId));
    if (generation !== this.generation) return live;
    const at = this.now();
    if (this.checked.size > PRUNE_ABOVE) this.prune(at);
    for (const familyId of familyIds) this.checked.set(familyId, { live: live.has(familyId), at });
    return live;
  }

  /** Forgets every answer: called on each revocation made here, so it applies to the next request. */
  clear(): void {
    this.generation++;
    this.checked.clear();
  }

  private prune(at: number): void {
    for (const [familyId, entry] of this.checked) if (at - entry.at >= this.windowMs) this.checked.delete(familyId);
  }
}

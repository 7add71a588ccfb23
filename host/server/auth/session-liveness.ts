import { and, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { Database } from '@sensorium/core/server';
import { refreshTokens } from '../db/schema';
import { RecentAnswers } from './recent-answers';

/**
 * How long an answer about a session (or its user) is trusted before the database is read again. A change on this
 * instance clears the cache at once; one made by another instance sharing the database takes effect here within this
 * window.
 */
export const SESSION_CHECK_WINDOW_MS = 5_000;

/**
 * Whether a login (a refresh-token family, the `family` claim of its access tokens) is still live: some token of the
 * family is neither revoked nor expired. Logout, reuse detection and every revocation leave no such token.
 */
export class SessionLiveness {
  private readonly checked: RecentAnswers<boolean>;

  constructor(
    private readonly db: Database,
    windowMs = SESSION_CHECK_WINDOW_MS,
    now: () => number = Date.now,
  ) {
    this.checked = new RecentAnswers(windowMs, now);
  }

  async isLive(familyId: string): Promise<boolean> {
    return this.checked.fresh(familyId)?.value ?? (await this.readNow([familyId])).has(familyId);
  }

  /** The live ones of these families, read from the database now (the cache takes the answers). */
  async readNow(familyIds: readonly string[]): Promise<Set<string>> {
    if (familyIds.length === 0) return new Set();
    const answers = await this.checked.read(async () => {
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
      return new Map(familyIds.map((familyId) => [familyId, live.has(familyId)]));
    });
    return new Set([...answers].filter(([, live]) => live).map(([familyId]) => familyId));
  }

  /** Forgets every answer: called on each revocation made here, so it applies to the next request. */
  clear(): void {
    this.checked.clear();
  }
}

import { eq, sql } from 'drizzle-orm';
import type { Database } from '@sensorium/core/server';
import type { RateLimit } from '../../common/rate-limit';
import { notificationsRateLimits as limits } from './schema';

/** The organisation's own per-contact rate limit, or null when it uses the default. */
export async function ownRateLimit(db: Database, organisationId: string): Promise<RateLimit | null> {
  const [own] = await db
    .select({ maxSent: limits.maxSent, windowMinutes: limits.windowMinutes })
    .from(limits)
    .where(eq(limits.organisationId, organisationId));
  return own ?? null;
}

/** Sets the organisation's own limit (a new row or the one it had). */
export async function saveRateLimit(db: Database, organisationId: string, limit: RateLimit): Promise<void> {
  await db
    .insert(limits)
    .values({ organisationId, ...limit })
    .onConflictDoUpdate({ target: limits.organisationId, set: { ...limit, updatedAt: sql`now()` } });
}

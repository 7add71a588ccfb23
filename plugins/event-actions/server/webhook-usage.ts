import { and, gte, inArray, lt, sql } from 'drizzle-orm';
import type { Database } from '@sensorium/core/server';
import type { WebhookUsage } from '../common';
import { webhookDeliveries as tries } from './schema';

/** WebhookUsage: one grouped count over the (app_id, at) index of the delivery log. */
export function webhookUsage(db: Database): WebhookUsage {
  return {
    async monthly(appIds, from, to) {
      if (appIds.length === 0) return [];
      const month = sql<string>`to_char(${tries.at} AT TIME ZONE 'UTC', 'YYYY-MM')`;
      const rows = await db
        .select({ appId: tries.appId, month, requests: sql<number>`count(*)::int` })
        .from(tries)
        .where(and(inArray(tries.appId, [...appIds]), gte(tries.at, from), lt(tries.at, to)))
        .groupBy(tries.appId, month);
      return rows.map((row) => ({ ...row, requests: Number(row.requests) }));
    },
  };
}

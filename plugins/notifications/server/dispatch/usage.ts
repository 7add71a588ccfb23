import { and, gte, inArray, lt, sql } from 'drizzle-orm';
import type { Database } from '@sensorium/core/server';
import { SENT_DELIVERY_STATUSES, type NotificationUsage } from '../../common/history';
import { notificationsDeliveries as deliveries } from './schema';

/** NotificationUsage: one grouped count over the (app_id, created_at) index. */
export function notificationUsage(db: Database): NotificationUsage {
  return {
    async monthly(appIds, from, to) {
      if (appIds.length === 0) return [];
      const month = sql<string>`to_char(${deliveries.createdAt} AT TIME ZONE 'UTC', 'YYYY-MM')`;
      const rows = await db
        .select({ appId: deliveries.appId, month, channel: deliveries.channel, messages: sql<number>`count(*)::int` })
        .from(deliveries)
        .where(
          and(
            inArray(deliveries.appId, [...appIds]),
            gte(deliveries.createdAt, from),
            lt(deliveries.createdAt, to),
            inArray(deliveries.status, [...SENT_DELIVERY_STATUSES]),
          ),
        )
        .groupBy(deliveries.appId, month, deliveries.channel);
      return rows.map((row) => ({ ...row, messages: Number(row.messages) }));
    },
  };
}

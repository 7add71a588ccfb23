import { and, gte, inArray, lt, sql } from 'drizzle-orm';
import { chunks, queryRows, type Database } from '@sensorium/core/server';
import type { ItemLookup } from '@sensorium/nodes/common';
import type { DeviceDataMonth, DeviceDataUsage } from '../common/usage';
import { fieldHistory, rawData } from './schema';

/** `YYYY-MM` of a timestamp column, in UTC whatever the session's time zone. */
const monthOf = (column: typeof rawData.createdAt | typeof fieldHistory.at) =>
  sql<string>`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM')`;

/**
 * DeviceDataUsage: raw data by (app_id, created_at), its index; dead letters by application; field history by (item_uuid, at), its index, with the
 * items of each application from the nodes plugin (field_history carries no application).
 */
export function deviceDataUsage(db: Database, lookup: ItemLookup): DeviceDataUsage {
  return {
    async monthly(appIds, from, to) {
      if (appIds.length === 0) return [];
      const byKey = new Map<string, DeviceDataMonth>();
      const entry = (appId: string, month: string) => {
        const key = `${appId}\u0000${month}`;
        let found = byKey.get(key);
        if (!found) byKey.set(key, (found = { appId, month, rawRows: 0, deadLetters: 0, historyRows: 0 }));
        return found;
      };

      const uplinkMonth = monthOf(rawData.createdAt);
      const uplinks = await db
        .select({ appId: rawData.appId, month: uplinkMonth, count: sql<number>`count(*)::int` })
        .from(rawData)
        .where(and(inArray(rawData.appId, [...appIds]), gte(rawData.createdAt, from), lt(rawData.createdAt, to)))
        .groupBy(rawData.appId, uplinkMonth);
      for (const row of uplinks) if (row.appId !== null) entry(row.appId, row.month).rawRows += Number(row.count);

      // dead_letters has no index on the application: it keeps at most DEAD_LETTERS_KEPT rows, a scan is cheap.
      const refused = await queryRows<{ app_id: string; month: string; count: number }>(
        db,
        sql`SELECT app_id, to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM') AS month, count(*)::int AS count
            FROM dead_letters
            WHERE app_id IN (${sql.join(
              appIds.map((id) => sql`${id}`),
              sql`, `,
            )}) AND created_at >= ${from.toISOString()}::timestamptz AND created_at < ${to.toISOString()}::timestamptz
            GROUP BY 1, 2`,
      );
      for (const row of refused) entry(row.app_id, row.month).deadLetters += Number(row.count);

      const appOfItem = new Map<string, string>();
      for (const appId of appIds) for (const item of await lookup.itemsOf(appId)) appOfItem.set(item.uuid, appId);
      const historyMonth = monthOf(fieldHistory.at);
      for (const uuids of chunks([...appOfItem.keys()])) {
        const rows = await db
          .select({ itemUuid: fieldHistory.itemUuid, month: historyMonth, count: sql<number>`count(*)::int` })
          .from(fieldHistory)
          .where(and(inArray(fieldHistory.itemUuid, uuids), gte(fieldHistory.at, from), lt(fieldHistory.at, to)))
          .groupBy(fieldHistory.itemUuid, historyMonth);
        for (const row of rows) entry(appOfItem.get(row.itemUuid)!, row.month).historyRows += Number(row.count);
      }
      return [...byKey.values()];
    },
  };
}

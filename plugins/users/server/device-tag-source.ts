import { and, eq, sql } from 'drizzle-orm';
import type { Database, DeviceTagSource } from '@sensorium/core/server';
import { applicationUsers } from './schema';

/** User Setup's device tags for the route pipeline and the live pushes (core's deviceTagSources). */
export function deviceTagSource(db: Database): DeviceTagSource {
  return {
    async tagsOf(appId, userId) {
      const [row] = await db
        .select({ deviceTags: applicationUsers.deviceTags })
        .from(applicationUsers)
        .where(and(eq(applicationUsers.appId, appId), eq(applicationUsers.userId, userId)));
      return row?.deviceTags ?? [];
    },
    async taggedUsers(appId) {
      const rows = await db
        .select({ userId: applicationUsers.userId, deviceTags: applicationUsers.deviceTags })
        .from(applicationUsers)
        .where(and(eq(applicationUsers.appId, appId), sql`jsonb_array_length(${applicationUsers.deviceTags}) > 0`));
      return new Map(rows.map((row) => [row.userId, row.deviceTags]));
    },
  };
}

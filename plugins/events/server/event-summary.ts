import { and, asc, desc, eq, inArray, or, sql } from 'drizzle-orm';
import { deviceTagLimit, type Database, type DeviceTagSource } from '@sensorium/core/server';
import type { EventSummaryRow, EventSummarySource } from '@sensorium/applications/common';
import type { ItemLookup } from '@sensorium/nodes/common';
import { nodeEvents } from './schema';

/**
 * The alarm bell's source: open (not cleared) node events per application and severity; for a viewer limited to device
 * tags in an application, those of the items its limit lets through.
 */
export function openEventSummary(
  db: Database,
  items: Pick<ItemLookup, 'visibleItems'>,
  tagSources: () => readonly DeviceTagSource[],
): EventSummarySource {
  return {
    async summarise(appIds, viewer): Promise<EventSummaryRow[]> {
      if (appIds.length === 0) return [];
      const scopes = await Promise.all(
        appIds.map(async (appId) => {
          const deviceTags = await deviceTagLimit(tagSources(), appId, viewer);
          if (deviceTags === null) return { appId, uuids: null };
          return { appId, uuids: (await items.visibleItems(appId, deviceTags)).map((item) => item.uuid) };
        }),
      );
      const unlimited = scopes.filter((scope) => scope.uuids === null).map((scope) => scope.appId);
      const limited = scopes.flatMap(({ appId, uuids }) =>
        uuids === null || uuids.length === 0 ? [] : [and(eq(nodeEvents.appId, appId), inArray(nodeEvents.itemUuid, uuids))],
      );
      if (unlimited.length === 0 && limited.length === 0) return [];
      const rows = await db
        .select({ appId: nodeEvents.appId, severity: nodeEvents.severity, count: sql<string>`count(*)::text` })
        .from(nodeEvents)
        .where(
          and(
            or(unlimited.length > 0 ? inArray(nodeEvents.appId, unlimited) : undefined, ...limited),
            eq(nodeEvents.isCleared, false),
          ),
        )
        .groupBy(nodeEvents.appId, nodeEvents.severity)
        .orderBy(asc(nodeEvents.appId), desc(nodeEvents.severity));
      return rows.map((row) => ({ appId: row.appId, severity: row.severity, count: String(row.count) }));
    },
  };
}

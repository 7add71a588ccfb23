import { and, asc, desc, eq, inArray, notInArray, or, sql, type SQL } from 'drizzle-orm';
import { deviceTagLimit, queryRows, textArrayParam, type Database, type DeviceTagSource } from '@sensorium/core/server';
import type { ApplicationEventRow, EventSummaryRow, EventSummarySource } from '@sensorium/applications/common';
import type { ItemLookup } from '@sensorium/nodes/common';
import { nodeEvents } from './schema';

type Viewer = { id: string; level: string };

/**
 * The alarm bell's, the switcher's and the application cards' source: open (not cleared) node events per application;
 * for a viewer limited to device tags in an application, those of the items its limit lets through.
 */
export function openEventSummary(
  db: Database,
  items: Pick<ItemLookup, 'visibleItems'>,
  tagSources: () => readonly DeviceTagSource[],
): EventSummarySource {
  /**
   * What the viewer sees of these applications' events: every event of the `unlimited` ones, and of each `limited` one
   * the events of the items its device-tag limit lets through (none: the application is left out).
   */
  async function viewScopes(appIds: readonly string[], viewer: Viewer) {
    const scopes = await Promise.all(
      appIds.map(async (appId) => {
        const deviceTags = await deviceTagLimit(tagSources(), appId, viewer);
        if (deviceTags === null) return { appId, uuids: null };
        return { appId, uuids: (await items.visibleItems(appId, deviceTags)).map((item) => item.uuid) };
      }),
    );
    return {
      unlimited: scopes.filter((scope) => scope.uuids === null).map((scope) => scope.appId),
      limited: scopes.flatMap(({ appId, uuids }) => (uuids === null || uuids.length === 0 ? [] : [{ appId, uuids }])),
    };
  }

  /** The events of a limited application its viewer sees. */
  const limitedTo = ({ appId, uuids }: { appId: string; uuids: string[] }) =>
    and(eq(nodeEvents.appId, appId), inArray(nodeEvents.itemUuid, uuids));

  /** The open events of these applications the viewer sees; null when it sees none. */
  async function openEvents(appIds: readonly string[], viewer: Viewer): Promise<SQL | null> {
    if (appIds.length === 0) return null;
    const { unlimited, limited } = await viewScopes(appIds, viewer);
    if (unlimited.length === 0 && limited.length === 0) return null;
    return and(
      or(unlimited.length > 0 ? inArray(nodeEvents.appId, unlimited) : undefined, ...limited.map(limitedTo)),
      eq(nodeEvents.isCleared, false),
    )!;
  }

  return {
    async summarise(appIds, viewer): Promise<EventSummaryRow[]> {
      const where = await openEvents(appIds, viewer);
      if (!where) return [];
      const rows = await db
        .select({ appId: nodeEvents.appId, severity: nodeEvents.severity, count: sql<string>`count(*)::text` })
        .from(nodeEvents)
        .where(where)
        .groupBy(nodeEvents.appId, nodeEvents.severity)
        .orderBy(asc(nodeEvents.appId), desc(nodeEvents.severity));
      return rows.map((row) => ({ appId: row.appId, severity: row.severity, count: String(row.count) }));
    },

    async latestOpen(appIds, viewer, perApp): Promise<ApplicationEventRow[]> {
      if (appIds.length === 0) return [];
      const { unlimited, limited } = await viewScopes(appIds, viewer);
      const seen = [...unlimited, ...limited.map((scope) => scope.appId)];
      if (seen.length === 0) return [];
      // Per application, its latest open events through node_events_app_latest_open (migration 004), at most perApp
      // each: ranking every open event of the applications first read and sorted them all (5,000 open events of 100
      // applications: 16 ms instead of 4 ms on PostgreSQL). Only the limited applications' rows are filtered further
      // (the applications' list in the filter as well took 13 ms to plan). The title names the device and the event (its
      // range's event name), as the event's own description does.
      const limits =
        limited.length === 0
          ? sql`true`
          : or(
              notInArray(
                nodeEvents.appId,
                limited.map((each) => each.appId),
              ),
              ...limited.map(limitedTo),
            )!;
      const rows = await queryRows<ApplicationEventRow>(
        db,
        sql`SELECT scope.app_id AS "appId", latest.title, latest.severity, latest.value
            FROM unnest(${textArrayParam(seen)}) AS scope (app_id)
            CROSS JOIN LATERAL (
              SELECT concat_ws(' ', nullif(${nodeEvents.node}->>'itemDisplayName', ''), ${nodeEvents.eventType}) AS title,
                     ${nodeEvents.severity} AS severity,
                     concat_ws(' ', ${nodeEvents.value}, nullif(${nodeEvents.unit}, '')) AS value,
                     ${nodeEvents.generatedAt} AS generated_at, ${nodeEvents.id} AS id
              FROM ${nodeEvents}
              WHERE ${nodeEvents.appId} = scope.app_id AND NOT ${nodeEvents.isCleared} AND ${limits}
              ORDER BY ${nodeEvents.generatedAt} DESC, ${nodeEvents.id}
              LIMIT ${perApp}
            ) AS latest
            ORDER BY scope.app_id, latest.generated_at DESC, latest.id`,
      );
      return rows.map((row) => ({ ...row, value: row.value ?? '' }));
    },
  };
}

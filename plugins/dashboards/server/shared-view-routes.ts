import type { FastifyReply } from 'fastify';
import { defineRoute, HttpError, type AnyRouteDefinition } from '@sensorium/core/server';
import type { ItemChartReader } from '@sensorium/device-pipeline/common';
import type { EventStore } from '@sensorium/events/common';
import type { ItemLookup, StoredImage } from '@sensorium/nodes/common';
import type { ThemeLookup } from '@sensorium/themes/common';
import {
  ALARM_LIST_SIZE,
  SharedChartQuery,
  SharedImageQuery,
  SharedWidgetParams,
  toDashboardAlarm,
  type DashboardAlarm,
  type DashboardItem,
  type SharedChart,
  type SharedDashboard,
  type SharedFloorPlan,
  type SharedTheme,
} from '../common';
import { boundDashboardItems } from './bound-items';
import {
  dashboardItemsSchema,
  sharedAlarmsSchema,
  sharedChartSchema,
  sharedDashboardSchema,
  sharedFloorPlanSchema,
} from './response-schemas';
import { boundItems } from './definition-check';
import type { DashboardRepository } from './repository';
import { sharedDashboards, sharedWidget } from './shared-dashboard';
import type { ShareLinks } from './share-links';

/**
 * Per address and call: a viewer polls the values and each alarm list every few seconds; guessing tokens needs far
 * more. Viewers behind one address (an office) share it.
 */
const SHARED_RATE_LIMIT = { max: 240, timeWindowMs: 60_000 };
/** The read-only calls a dashboard_token opens; nothing else of the API accepts it (docs/dashboards.md). */
export const SHARED_BASE = '/dashboard-share';
const HOUR_MS = 3_600_000;
/** A time-series widget shows the last day unless its options say otherwise. */
const DEFAULT_RANGE_HOURS = 24;

export interface SharedViewServices {
  repository: DashboardRepository;
  links: ShareLinks;
  lookup: ItemLookup;
  charts: ItemChartReader;
  events: Pick<EventStore, 'openEventsOf'>;
  themes: ThemeLookup;
}

/** A stored image as the answer: its bytes, or a redirect to object storage's expiring link. */
function sendImage(reply: FastifyReply, image: StoredImage | null) {
  if (!image) throw HttpError.notFound('dashboards.errors.noImage');
  if ('url' in image) return reply.redirect(image.url);
  const bytes = Buffer.from(image.content.buffer, image.content.byteOffset, image.content.byteLength);
  return reply.type(image.contentType).header('cache-control', 'private, max-age=3600').send(bytes);
}

/**
 * The calls of a share link's read-only view, each credentialed by the link's dashboard_token and limited to what its
 * dashboard shows: the bound items of its widgets in its application (the link is not a user, so no device-tag limit
 * applies), a widget's history, open alarms or floor plan only by that widget's id, and the dashboard's theme.
 */
export function sharedViewRoutes(services: SharedViewServices): AnyRouteDefinition[] {
  const { lookup, charts, events, themes } = services;
  const opened = sharedDashboards(services.repository, services.links);
  const itemsOf = (appId: string, uuids: ReadonlySet<string>): Promise<DashboardItem[]> =>
    boundDashboardItems(lookup, appId, uuids, null);
  const themeOf = async (themeId: string | null): Promise<SharedTheme | null> => {
    const theme = themeId ? await themes.dashboardTheme(themeId) : null;
    return theme && { panelColor: theme.panelColor, fontColor: theme.fontColor, hasBackground: theme.backgroundImage !== '' };
  };
  // 401: the share link's token is missing, forged, expired or revoked.
  const shared = { auth: false, rateLimit: SHARED_RATE_LIMIT, errors: [401] } as const;

  return [
    defineRoute({
      ...shared,
      method: 'GET',
      url: `${SHARED_BASE}/view`,
      summary:
        'A shared dashboard, read-only: its widgets, the latest values of its bound items only, and its theme; the credential is the link’s dashboard_token as Bearer',
      response: sharedDashboardSchema,
      handler: async ({ request }): Promise<SharedDashboard> => {
        const { grant, dashboard } = await opened(request);
        const [items, theme] = await Promise.all([itemsOf(grant.appId, boundItems(dashboard)), themeOf(dashboard.themeId)]);
        return { dashboard, items, theme, expiresAt: grant.expiresAt.toISOString() };
      },
    }),
    defineRoute({
      ...shared,
      method: 'GET',
      url: `${SHARED_BASE}/values`,
      summary: 'The latest values of a shared dashboard’s bound items (what its view polls)',
      response: dashboardItemsSchema,
      handler: async ({ request }): Promise<DashboardItem[]> => {
        const { grant, dashboard } = await opened(request);
        return itemsOf(grant.appId, boundItems(dashboard));
      },
    }),
    defineRoute({
      ...shared,
      method: 'GET',
      url: `${SHARED_BASE}/widgets/:widgetId/chart`,
      summary:
        'A shared time-series widget’s history over its hours, per bound field, downsampled as the signed-in charts are (raw values thinned to min/max buckets beyond `points`)',
      params: SharedWidgetParams,
      query: SharedChartQuery,
      response: sharedChartSchema,
      handler: async ({ request, params, query }): Promise<SharedChart> => {
        const { grant, dashboard } = await opened(request);
        const widget = sharedWidget(dashboard, params.widgetId, 'time-series');
        const from = new Date(Date.now() - (widget.options.rangeHours ?? DEFAULT_RANGE_HOURS) * HOUR_MS).toISOString();
        // Only the application's items: a stored binding to anything else charts nothing.
        const known = new Set((await itemsOf(grant.appId, boundItems({ widgets: [widget] }))).map((item) => item.uuid));
        const bindings = widget.bindings.filter((binding) => binding.field && known.has(binding.itemUuid));
        const answers = await Promise.all(
          bindings.map((binding) => charts.chart(binding.itemUuid, { field: binding.field, from, points: query.points })),
        );
        return {
          series: bindings.map((binding, index) => ({
            itemUuid: binding.itemUuid,
            field: binding.field,
            points: answers[index]!.series[binding.field] ?? [],
          })),
        };
      },
    }),
    defineRoute({
      ...shared,
      method: 'GET',
      url: `${SHARED_BASE}/widgets/:widgetId/alarms`,
      summary: 'A shared alarm-list widget’s open events, newest ten, of the dashboard’s bound items only; read only',
      params: SharedWidgetParams,
      response: sharedAlarmsSchema,
      handler: async ({ request, params }): Promise<DashboardAlarm[]> => {
        const { grant, dashboard } = await opened(request);
        sharedWidget(dashboard, params.widgetId, 'alarm-list');
        const open = await events.openEventsOf(grant.appId, [...boundItems(dashboard)], ALARM_LIST_SIZE);
        return open.map(toDashboardAlarm);
      },
    }),
    defineRoute({
      ...shared,
      method: 'GET',
      url: `${SHARED_BASE}/widgets/:widgetId/floor-plan`,
      summary: 'A shared floor-plan widget’s plan: the pins of its bound items (x and y as fractions of the image)',
      params: SharedWidgetParams,
      response: sharedFloorPlanSchema,
      handler: async ({ request, params }): Promise<SharedFloorPlan> => {
        const { grant, dashboard } = await opened(request);
        const widget = sharedWidget(dashboard, params.widgetId, 'floor-plan');
        const plan = widget.options.floorPlanId ? await lookup.floorPlan(grant.appId, widget.options.floorPlanId) : null;
        if (!plan) throw HttpError.notFound('dashboards.errors.noFloorPlan');
        const bound = new Map(
          (await itemsOf(grant.appId, boundItems({ widgets: [widget] }))).map((item) => [item.itemName, item.uuid]),
        );
        return {
          pins: plan.pins.flatMap((pin) => {
            const itemUuid = bound.get(pin.itemName);
            return itemUuid ? [{ itemUuid, x: pin.x, y: pin.y }] : [];
          }),
        };
      },
    }),
    defineRoute({
      ...shared,
      method: 'GET',
      url: `${SHARED_BASE}/widgets/:widgetId/floor-plan/image`,
      summary: 'A shared floor-plan widget’s image; <img> tags send the dashboard_token as a query parameter',
      params: SharedWidgetParams,
      query: SharedImageQuery,
      handler: async ({ request, reply, params, query }) => {
        const { grant, dashboard } = await opened(request, query.dashboard_token);
        const planId = sharedWidget(dashboard, params.widgetId, 'floor-plan').options.floorPlanId;
        return sendImage(reply, planId ? await lookup.floorPlanImage(grant.appId, planId) : null);
      },
    }),
    defineRoute({
      ...shared,
      method: 'GET',
      url: `${SHARED_BASE}/theme/background`,
      summary: 'A shared dashboard’s theme background image; CSS sends the dashboard_token as a query parameter',
      query: SharedImageQuery,
      handler: async ({ request, reply, query }) => {
        const { dashboard } = await opened(request, query.dashboard_token);
        return sendImage(reply, dashboard.themeId ? await themes.backgroundImage(dashboard.themeId) : null);
      },
    }),
  ];
}

import { auditLeaves, defineAppRoute, HttpError, type AnyRouteDefinition } from '@sensorium/core/server';
import type { SessionUser } from '@sensorium/core/common';
import type { ItemLookup } from '@sensorium/nodes/common';
import type { ThemeLookup } from '@sensorium/themes/common';
import { DashboardAppParams, DashboardInput, DashboardParams, type Dashboard, type DashboardSummary } from '../common';
import { boundDashboardItems } from './bound-items';
import { boundItems, checkWidgets } from './definition-check';
import {
  dashboardItemsSchema,
  dashboardListSchema,
  dashboardSchema,
  mainDashboardSchema,
  removedSchema,
} from './response-schemas';
import type { DashboardRepository } from './repository';

/** Every dashboard call needs the dashboard permission (shell §6); the plugin's licence gates them all. */
export const DASHBOARD_PERMISSION = 'dashboard';
/** Reading is for every level that sees the application; laying dashboards out is for cloud and si-customer users. */
export const EDITOR_LEVELS = ['cloud', 'si-customer'] as const;
const BASE = '/dashboards/:appId';

export const notFound = () => HttpError.notFound('dashboards.errors.notFound');

/** The items a caller may bind: the application's, or those its device-tag limit shows. */
async function bindableItems(lookup: ItemLookup, app: { id: string; deviceTags: readonly string[] | null }) {
  const items = app.deviceTags === null ? await lookup.itemsOf(app.id) : await lookup.visibleItems(app.id, app.deviceTags);
  return new Set(items.map((item) => item.uuid));
}

/**
 * A theme the user chooses must be one they see: share links show it to anyone, so a theme of another tenant must not
 * get onto a dashboard by its id. A dashboard keeps the theme it has (another editor may have chosen it).
 */
async function checkTheme(themes: ThemeLookup, user: SessionUser, themeId: string | null, kept: string | null = null) {
  if (themeId !== null && themeId !== kept && !(await themes.isVisible(user, themeId))) {
    throw HttpError.badRequest('dashboards.errors.unknownTheme', 'themeId');
  }
}

export function dashboardRoutes(repository: DashboardRepository, lookup: ItemLookup, themes: ThemeLookup): AnyRouteDefinition[] {
  const dashboardRow = async ({ app, params }: { app: { id: string }; params: DashboardParams }) =>
    auditLeaves(await repository.get(app.id, params.id));
  const existing = async (appId: string, id: string): Promise<Dashboard> => {
    const dashboard = await repository.get(appId, id);
    if (!dashboard) throw notFound();
    return dashboard;
  };

  return [
    defineAppRoute({
      method: 'GET',
      url: `${BASE}/list`,
      summary: 'The application’s dashboards, oldest first (the dashboard switcher)',
      app: 'appId',
      params: DashboardAppParams,
      permission: DASHBOARD_PERMISSION,
      response: dashboardListSchema,
      handler: ({ app }): Promise<DashboardSummary[]> => repository.list(app.id),
    }),
    defineAppRoute({
      method: 'GET',
      url: `${BASE}/main`,
      summary: 'The application’s main dashboard (null while it has none)',
      app: 'appId',
      params: DashboardAppParams,
      permission: DASHBOARD_PERMISSION,
      response: mainDashboardSchema,
      handler: async ({ app }) => ({ dashboard: await repository.main(app.id) }),
    }),
    defineAppRoute({
      method: 'GET',
      url: `${BASE}/:id`,
      summary: 'One dashboard with its widgets',
      app: 'appId',
      params: DashboardParams,
      permission: DASHBOARD_PERMISSION,
      response: dashboardSchema,
      handler: ({ app, params }) => existing(app.id, params.id),
    }),
    defineAppRoute({
      method: 'GET',
      url: `${BASE}/:id/items`,
      summary: 'The items the dashboard’s widgets show, with their field settings, latest values and commands',
      app: 'appId',
      params: DashboardParams,
      permission: DASHBOARD_PERMISSION,
      response: dashboardItemsSchema,
      handler: async ({ app, params }) =>
        boundDashboardItems(lookup, app.id, boundItems(await existing(app.id, params.id)), app.deviceTags),
    }),
    defineAppRoute({
      method: 'POST',
      url: BASE,
      summary: 'Creates a dashboard; the application’s first is its main one',
      app: 'appId',
      params: DashboardAppParams,
      body: DashboardInput,
      permission: DASHBOARD_PERMISSION,
      levels: EDITOR_LEVELS,
      audit: { action: 'dashboards.dashboard.create', log: 'dashboards.audit.create' },
      response: dashboardSchema,
      created: true,
      handler: async ({ app, body, user }) => {
        checkWidgets(body, await bindableItems(lookup, app));
        await checkTheme(themes, user, body.themeId);
        return repository.create(app.id, body);
      },
    }),
    defineAppRoute({
      method: 'PUT',
      url: `${BASE}/:id`,
      summary: 'Replaces a dashboard: name, main mark, theme and widgets',
      app: 'appId',
      params: DashboardParams,
      body: DashboardInput,
      permission: DASHBOARD_PERMISSION,
      levels: EDITOR_LEVELS,
      audit: { action: 'dashboards.dashboard.update', log: 'dashboards.audit.update', row: dashboardRow },
      response: dashboardSchema,
      handler: async ({ app, params, body, user }) => {
        const current = await existing(app.id, params.id);
        checkWidgets(body, await bindableItems(lookup, app));
        await checkTheme(themes, user, body.themeId, current.themeId);
        const updated = await repository.update(app.id, params.id, body);
        if (!updated) throw notFound();
        return updated;
      },
    }),
    defineAppRoute({
      method: 'DELETE',
      url: `${BASE}/:id`,
      summary: 'Deletes a dashboard and its share links; the oldest other becomes main when it was the main one',
      app: 'appId',
      params: DashboardParams,
      permission: DASHBOARD_PERMISSION,
      levels: EDITOR_LEVELS,
      audit: { action: 'dashboards.dashboard.delete', log: 'dashboards.audit.delete', row: dashboardRow },
      response: removedSchema,
      handler: async ({ app, params }) => {
        if (!(await repository.delete(app.id, params.id))) throw notFound();
        return { id: params.id };
      },
    }),
  ];
}

import { defineAppRoute, HttpError, type AnyRouteDefinition } from '@sensorium/core/server';
import { DashboardParams, ShareLinkInput, ShareLinkParams } from '../common';
import { newShareLinkSchema, removedSchema, shareLinkListSchema } from './response-schemas';
import type { DashboardRepository } from './repository';
import { DASHBOARD_PERMISSION, EDITOR_LEVELS, notFound } from './routes';
import type { ShareLinks } from './share-links';

/** Share links of a dashboard: listed, made and revoked by its editors (the view they open: shared-view-routes.ts). */
export function shareRoutes(repository: DashboardRepository, links: ShareLinks): AnyRouteDefinition[] {
  const base = '/dashboards/:appId/:id/share-links';
  const existing = async (appId: string, id: string) => {
    if (!(await repository.get(appId, id))) throw notFound();
  };

  return [
    defineAppRoute({
      method: 'GET',
      url: base,
      summary: 'The dashboard’s open share links (not revoked, not expired), newest first',
      app: 'appId',
      params: DashboardParams,
      permission: DASHBOARD_PERMISSION,
      levels: EDITOR_LEVELS,
      response: shareLinkListSchema,
      handler: async ({ app, params }) => {
        await existing(app.id, params.id);
        return links.list(params.id);
      },
    }),
    defineAppRoute({
      method: 'POST',
      url: base,
      summary: 'Makes a read-only share link of the dashboard; its dashboard_token is answered once',
      app: 'appId',
      params: DashboardParams,
      body: ShareLinkInput,
      permission: DASHBOARD_PERMISSION,
      levels: EDITOR_LEVELS,
      audit: { action: 'dashboards.share-link.create', log: 'dashboards.audit.shareCreate' },
      response: newShareLinkSchema,
      created: true,
      handler: async ({ app, params, body, user }) => {
        await existing(app.id, params.id);
        return links.create(app.id, params.id, body.validHours, user.username);
      },
    }),
    defineAppRoute({
      method: 'DELETE',
      url: `${base}/:linkId`,
      summary: 'Revokes a share link: its token is refused from now on',
      app: 'appId',
      params: ShareLinkParams,
      permission: DASHBOARD_PERMISSION,
      levels: EDITOR_LEVELS,
      audit: { action: 'dashboards.share-link.revoke', log: 'dashboards.audit.shareRevoke' },
      response: removedSchema,
      handler: async ({ app, params }) => {
        await existing(app.id, params.id);
        const revoked = await links.revoke(params.id, params.linkId);
        if (!revoked) throw HttpError.notFound('dashboards.errors.linkNotFound');
        return { id: revoked.id };
      },
    }),
  ];
}

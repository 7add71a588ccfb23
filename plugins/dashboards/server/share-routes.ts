import type { FastifyRequest } from 'fastify';
import { defineAppRoute, defineRoute, HttpError, type AnyRouteDefinition } from '@sensorium/core/server';
import type { ItemLookup } from '@sensorium/nodes/common';
import { DashboardParams, ShareLinkInput, ShareLinkParams, type SharedDashboard } from '../common';
import { boundDashboardItems } from './bound-items';
import { boundItems } from './definition-check';
import type { DashboardRepository } from './repository';
import { DASHBOARD_PERMISSION, EDITOR_LEVELS, notFound } from './routes';
import type { ShareGrant, ShareLinks } from './share-links';

/** Per address: a viewer reloads every few seconds; guessing tokens needs far more. */
const SHARED_RATE_LIMIT = { max: 120, timeWindowMs: 60_000 };
/** The read-only calls a dashboard_token opens; nothing else of the API accepts it (docs/dashboards.md). */
export const SHARED_BASE = '/dashboard-share';

const bearer = (request: FastifyRequest): string | null =>
  /^Bearer (\S+)$/.exec(request.headers.authorization ?? '')?.[1] ?? null;

/** Share links of a dashboard, and the calls a link's read-only view makes with its dashboard_token. */
export function shareRoutes(repository: DashboardRepository, links: ShareLinks, lookup: ItemLookup): AnyRouteDefinition[] {
  const base = '/dashboards/:appId/:id/share-links';
  const existing = async (appId: string, id: string) => {
    if (!(await repository.get(appId, id))) throw notFound();
  };
  /** Forged, expired, revoked and unknown tokens get one answer, so they cannot be told apart. */
  const granted = async (request: FastifyRequest): Promise<ShareGrant> => {
    const token = bearer(request);
    const grant = token ? await links.verify(token) : null;
    if (!grant) throw new HttpError(401, 'dashboards.errors.linkRefused');
    return grant;
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
      handler: async ({ app, params, body, user, reply }) => {
        await existing(app.id, params.id);
        reply.code(201);
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
      handler: async ({ app, params }) => {
        await existing(app.id, params.id);
        const revoked = await links.revoke(params.id, params.linkId);
        if (!revoked) throw HttpError.notFound('dashboards.errors.linkNotFound');
        return { id: revoked.id };
      },
    }),
    defineRoute({
      method: 'GET',
      url: `${SHARED_BASE}/view`,
      summary:
        'A shared dashboard, read-only, with the latest values of its bound items only; the credential is the link’s dashboard_token as Bearer',
      auth: false,
      rateLimit: SHARED_RATE_LIMIT,
      handler: async ({ request }): Promise<SharedDashboard> => {
        const grant = await granted(request);
        const dashboard = await repository.get(grant.appId, grant.dashboardId);
        if (!dashboard) throw new HttpError(401, 'dashboards.errors.linkRefused');
        // The link shows what its dashboard binds, whole: it is not a user, so no device-tag limit applies.
        const items = await boundDashboardItems(lookup, grant.appId, boundItems(dashboard), null);
        return { dashboard, items, expiresAt: grant.expiresAt.toISOString() };
      },
    }),
  ];
}

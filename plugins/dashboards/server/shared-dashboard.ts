import type { FastifyRequest } from 'fastify';
import { HttpError } from '@sensorium/core/server';
import type { Dashboard, WidgetDefinition, WidgetType } from '../common';
import type { DashboardRepository } from './repository';
import type { ShareGrant, ShareLinks } from './share-links';

/** A share link's call: what its token grants and the dashboard it opens. */
export interface SharedCall {
  grant: ShareGrant;
  dashboard: Dashboard;
}

const refused = () => new HttpError(401, 'dashboards.errors.linkRefused');

const bearer = (request: FastifyRequest): string | null =>
  /^Bearer (\S+)$/.exec(request.headers.authorization ?? '')?.[1] ?? null;

/**
 * Opens the dashboard of a share link's call from its dashboard_token: the Bearer header, or `queryToken` (images load
 * through <img> and CSS, which send no header, so they carry it as a query parameter). Forged, expired, revoked and unknown tokens, and a link whose dashboard is gone, get one answer,
 * so they cannot be told apart; every call reads the link's row, so a revoked link is refused at once.
 */
export function sharedDashboards(repository: DashboardRepository, links: ShareLinks) {
  return async (request: FastifyRequest, queryToken?: string): Promise<SharedCall> => {
    const token = bearer(request) ?? queryToken;
    const grant = token ? await links.verify(token) : null;
    if (!grant) throw refused();
    const dashboard = await repository.get(grant.appId, grant.dashboardId);
    if (!dashboard) throw refused();
    return { grant, dashboard };
  };
}

/** The dashboard's widget of this id and type; a 404 for any other, so a link reaches nothing its dashboard does not show. */
export function sharedWidget(dashboard: Dashboard, widgetId: string, type: WidgetType): WidgetDefinition {
  const widget = dashboard.widgets.find((entry) => entry.id === widgetId && entry.type === type);
  if (!widget) throw HttpError.notFound('dashboards.errors.widgetNotFound');
  return widget;
}

import { HttpError, defineAppRoute, type AnyRouteDefinition } from '@sensorium/core/server';
import { PublicLinkAppParams, PublicLinkListQuery, PublicLinkParams, type PublicLinkSummary } from '../common';
import type { LinkService } from './public-links';
import { publicLinkListSchema } from './response-schemas';

/** An application's public links, for signed-in users who may act on its events (design §3). */
export function linkRoutes(links: LinkService): AnyRouteDefinition[] {
  return [
    defineAppRoute({
      method: 'GET',
      url: '/public-alert/:appId/links',
      summary: 'The public alert links sent for one of the application’s events, newest first (tokens are not shown)',
      permission: 'event',
      params: PublicLinkAppParams,
      app: 'appId',
      query: PublicLinkListQuery,
      response: publicLinkListSchema,
      handler: ({ app, query }): Promise<PublicLinkSummary[]> => links.list(app.id, query.eventId),
    }),
    defineAppRoute({
      method: 'POST',
      url: '/public-alert/:appId/links/:jti/revoke',
      summary: 'Revokes one public alert link: it then answers like a link that never existed',
      permission: 'event',
      params: PublicLinkParams,
      app: 'appId',
      audit: { row: ({ app, params }) => links.find(app.id, params.jti) },
      handler: async ({ app, params }) => {
        if (!(await links.revoke(app.id, params.jti))) throw HttpError.notFound();
      },
    }),
  ];
}

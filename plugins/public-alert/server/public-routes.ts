import type { FastifyRequest } from 'fastify';
import { HttpError, defineRoute, type AnyRouteDefinition } from '@sensorium/core/server';
import type { ApplicationBranding } from '@sensorium/applications/common';
import type { EventActor, EventStore } from '@sensorium/events/common';
import {
  PublicActionBody,
  PublicPayloadQuery,
  type PublicEvent,
  type PublicEventResponse,
  type PublicLinkAction,
} from '../common';
import type { LinkService, VerifiedLink } from './public-links';
import { toPublicEvent } from './public-event';
import { publicEventAnswerSchema, publicEventSchema } from './response-schemas';

/** Per address and route: a person opens a link and acts a few times; guessing tokens needs far more. */
const PUBLIC_RATE_LIMIT = { max: 30, timeWindowMs: 60_000 };
const BASE = '/system-events-api/public';

/** Forged, expired, revoked and unknown links, and a link whose event is gone: one answer, so they cannot be told apart. */
const cannotRetrieve = () => HttpError.notFound('public-alert.cannotRetrieve');

export interface PublicRouteServices {
  links: LinkService;
  events: EventStore;
  branding: ApplicationBranding;
}

/**
 * The public viewer's calls (accounts §7 "Public events"): no session, the link's token (`payload`) is the credential.
 * Acting goes through the events plugin as the contact the link was sent to, which records history and audit.
 */
export function publicRoutes({ links, events, branding }: PublicRouteServices): AnyRouteDefinition[] {
  const verified = async (payload: string): Promise<VerifiedLink> => {
    const link = await links.verify(payload);
    if (!link) throw cannotRetrieve();
    return link;
  };
  const eventOf = async (link: VerifiedLink) => {
    const event = await events.get(link.appId, link.eventId);
    if (!event) throw cannotRetrieve();
    return event;
  };
  const act =
    (action: PublicLinkAction) =>
    async ({ body, request }: { body: PublicActionBody; request: FastifyRequest }): Promise<PublicEvent> => {
      const link = await verified(body.payload);
      if (!link.actions.includes(action)) throw HttpError.forbidden('public-alert.noPermission');
      const actor: EventActor = { kind: 'contact', id: link.contactId, label: link.actorLabel, address: request.ip };
      const comment = body.comment?.trim() || null;
      const [changed] =
        action === 'ack'
          ? await events.acknowledge(link.appId, [link.eventId], actor, comment)
          : await events.clear(link.appId, [link.eventId], actor, comment);
      if (changed) await links.markUsed(link.jti);
      // An event acknowledged or cleared meanwhile is answered as it is now: the viewer shows who did it.
      return toPublicEvent(changed ?? (await eventOf(link)), link.actions);
    };

  return [
    defineRoute({
      method: 'GET',
      url: `${BASE}/event/`,
      errors: [404],
      summary: 'The event of a public alert link, with the contact’s name and the application’s name and logo',
      auth: false,
      query: PublicPayloadQuery,
      rateLimit: PUBLIC_RATE_LIMIT,
      response: publicEventAnswerSchema,
      handler: async ({ query }): Promise<PublicEventResponse> => {
        const link = await verified(query.payload);
        const event = await eventOf(link);
        const app = await branding.get(link.appId);
        if (!app) throw cannotRetrieve();
        const logo = app.hasLogo ? `/api${BASE}/logo/?payload=${encodeURIComponent(query.payload)}` : null;
        return {
          event: toPublicEvent(event, link.actions),
          username: link.actorLabel,
          app: { name: app.name, logo, setting: app.setting },
        };
      },
    }),
    defineRoute({
      method: 'GET',
      url: `${BASE}/logo/`,
      errors: [404],
      summary: 'The logo of the application of a public alert link',
      auth: false,
      query: PublicPayloadQuery,
      rateLimit: PUBLIC_RATE_LIMIT,
      handler: async ({ query, reply }) => {
        const link = await verified(query.payload);
        const logo = await branding.logo(link.appId);
        if (!logo) throw cannotRetrieve();
        return reply.type(logo.contentType).header('cache-control', 'private, max-age=3600').send(Buffer.from(logo.content));
      },
    }),
    defineRoute({
      method: 'POST',
      url: `${BASE}/ack/`,
      errors: [403, 404],
      summary: 'Acknowledges the event of a public alert link as its contact; answers the updated event',
      auth: false,
      body: PublicActionBody,
      rateLimit: PUBLIC_RATE_LIMIT,
      // The events plugin audits the acknowledgement with the contact as the actor.
      audit: false,
      response: publicEventSchema,
      handler: act('ack'),
    }),
    defineRoute({
      method: 'POST',
      url: `${BASE}/clear/`,
      errors: [403, 404],
      summary: 'Clears the event of a public alert link as its contact; answers the updated event',
      auth: false,
      body: PublicActionBody,
      rateLimit: PUBLIC_RATE_LIMIT,
      audit: false,
      response: publicEventSchema,
      handler: act('clear'),
    }),
  ];
}

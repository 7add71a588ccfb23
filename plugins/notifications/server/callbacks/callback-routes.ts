import { IsNotEmpty, IsOptional, IsString, MaxLength } from 'class-validator';
import { eq } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import { defineRoute, HttpError, type AnyRouteDefinition, type Database } from '@sensorium/core/server';
import type { ApplicationAccess } from '@sensorium/applications/common';
import type { EventActor, EventStore } from '@sensorium/events/common';
import { PROVIDER_CHANNELS, type ProviderChannel, type ProviderKind } from '../../common/providers';
import { notificationsDeliveries as deliveries, type DeliveryRow } from '../dispatch/schema';
import { messageText } from '../providers/message-text';
import type { ProviderStore } from '../providers/provider-store';
import type { ProviderRow } from '../providers/schema';
import { DEFAULT_ACK_PROMPT, voiceFlow } from '../providers/voice-flow';
import { parameter, readCallbackBody, type CallbackParameters } from './callback-body';
import { verifyDeliverySignature, verifyTwilioSignature } from './callback-signatures';
import { twilioCallbackUrl } from './callback-urls';
import { followProviderStatus } from './delivery-status';
import { gatherTwiml, sayTwiml } from './twiml';

export class CallbackParams {
  @IsString()
  @IsNotEmpty()
  @MaxLength(64)
  deliveryId!: string;
}

export class HttpCallbackQuery {
  @IsOptional()
  @IsString()
  @MaxLength(200)
  sig?: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface CallbackDeps {
  db: Database;
  store: ProviderStore;
  access: Pick<ApplicationAccess, 'ownerOf'>;
  events: Pick<EventStore, 'acknowledge'>;
  publicUrl(): string;
  /** Tells the application's history pages that a delivery changed. */
  changed(appId: string): void;
}

interface CalledDelivery {
  delivery: DeliveryRow;
  provider: ProviderRow;
}

/**
 * Provider callbacks (auth false: providers have no session). Each names its delivery; the delivery's organisation's
 * provider of that channel, of the route's kind, must have signed it. An unknown delivery is 404, a wrong signature 403.
 * They are not audited as calls: the row's status is bookkeeping, and an acknowledgement audits itself as the contact.
 */
export function callbackRoutes(deps: CallbackDeps): AnyRouteDefinition[] {
  const { db, store, access, events } = deps;

  const called = async (deliveryId: string, kind: ProviderKind): Promise<CalledDelivery> => {
    if (!UUID.test(deliveryId)) throw HttpError.notFound();
    const [delivery] = await db.select().from(deliveries).where(eq(deliveries.id, deliveryId));
    if (!delivery || !PROVIDER_CHANNELS.includes(delivery.channel as ProviderChannel)) throw HttpError.notFound();
    const owner = await access.ownerOf(delivery.appId);
    const provider = await store.effective(owner?.organisationId ?? null, delivery.channel as ProviderChannel);
    if (!provider || provider.kind !== kind) throw HttpError.notFound();
    return { delivery, provider };
  };

  const followStatus = async (delivery: DeliveryRow, status: string, errorCode: string) => {
    if (await followProviderStatus(db, delivery.id, status, errorCode)) deps.changed(delivery.appId);
  };

  /** Acknowledges the delivery's event as its contact (a key press on the call); a direct message has none. */
  const acknowledge = async (delivery: DeliveryRow, address: string) => {
    if (!delivery.eventId) return;
    const actor: EventActor = { kind: 'contact', id: delivery.contactId, label: delivery.contactName, address };
    await events.acknowledge(delivery.appId, [delivery.eventId], actor);
  };

  const twiml = (reply: FastifyReply, document: string) => reply.type('text/xml; charset=utf-8').send(document);

  /** The call's message, and the key prompt when a key press acknowledges. */
  const voiceAnswer = async ({ delivery, provider }: CalledDelivery) => {
    const flow = voiceFlow(delivery.variables, provider.settings);
    const message = { text: await messageText(delivery), language: provider.settings.sayLanguage };
    if (!flow.replyToAck) return sayTwiml(message);
    return gatherTwiml(message, DEFAULT_ACK_PROMPT, twilioCallbackUrl(deps.publicUrl(), delivery.id, 'gather'));
  };

  const twilioRoute = (
    name: 'status' | 'voice' | 'gather',
    summary: string,
    handle: (found: CalledDelivery, parameters: CallbackParameters, reply: FastifyReply, address: string) => Promise<unknown>,
  ) =>
    defineRoute({
      method: 'POST',
      url: `/notifications/callbacks/twilio/:deliveryId/${name}`,
      errors: [403],
      summary,
      auth: false,
      audit: false,
      rawBody: true,
      params: CallbackParams,
      rateLimit: { max: 600, timeWindowMs: 60_000 },
      handler: async ({ params, request, reply }) => {
        const parameters = await readCallbackBody(request);
        const found = await called(params.deliveryId, 'twilio');
        // The URL as the provider called it, from the console's public address (never from the Host header).
        const url = `${deps.publicUrl()}${request.url}`;
        const signature = request.headers['x-twilio-signature'];
        if (
          !verifyTwilioSignature(found.provider.secret, url, parameters, typeof signature === 'string' ? signature : undefined)
        ) {
          throw HttpError.forbidden();
        }
        return handle(found, parameters, reply, request.ip);
      },
    });

  return [
    twilioRoute(
      'status',
      "A Twilio-compatible provider's status of a message or call: the delivery's row follows it",
      async (found, parameters, reply) => {
        const status = parameter(parameters, 'MessageStatus') || parameter(parameters, 'CallStatus');
        await followStatus(found.delivery, status, parameter(parameters, 'ErrorCode'));
        return reply.code(204).send();
      },
    ),
    twilioRoute(
      'voice',
      'The TwiML of a voice notification: the message, and the key that acknowledges',
      async (found, _parameters, reply) => twiml(reply, await voiceAnswer(found)),
    ),
    twilioRoute(
      'gather',
      'A key pressed on a voice notification: 1 acknowledges the event as the contact',
      async (found, parameters, reply, address) => {
        const flow = voiceFlow(found.delivery.variables, found.provider.settings);
        if (!flow.replyToAck || parameter(parameters, 'Digits') !== '1') return twiml(reply, await voiceAnswer(found));
        await acknowledge(found.delivery, address);
        return twiml(reply, sayTwiml({ text: flow.ackMessage, language: found.provider.settings.sayLanguage }));
      },
    ),
    defineRoute({
      method: 'POST',
      url: `/notifications/callbacks/http/:deliveryId`,
      errors: [403],
      summary:
        "A generic gateway's report on a delivery, signed by `?sig=` in the callback URL it was given: `status` (as " +
        "Twilio's), `error`, and `digits` 1 on a call acknowledges the event as the contact",
      auth: false,
      audit: false,
      rawBody: true,
      params: CallbackParams,
      query: HttpCallbackQuery,
      rateLimit: { max: 600, timeWindowMs: 60_000 },
      handler: async ({ params, query, request, reply }) => {
        const parameters = await readCallbackBody(request);
        const { delivery, provider } = await called(params.deliveryId, 'http');
        if (!verifyDeliverySignature(provider.secret, delivery.id, query.sig)) throw HttpError.forbidden();
        const status = parameter(parameters, 'status');
        if (status) await followStatus(delivery, status, parameter(parameters, 'error'));
        const flow = voiceFlow(delivery.variables, provider.settings);
        if (delivery.channel === 'voice' && flow.replyToAck && parameter(parameters, 'digits') === '1') {
          await acknowledge(delivery, request.ip);
        }
        return reply.code(204).send();
      },
    }),
  ];
}

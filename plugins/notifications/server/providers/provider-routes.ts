import {
  auditLeaves,
  HttpError,
  managedOrganisation,
  ManagedOrganisationQuery,
  organisationToChange,
  defineRoute,
  type AnyRouteDefinition,
  type Database,
} from '@sensorium/core/server';
import { ProviderChannelParams, ProviderInput } from '../../common/providers';
import type { ProviderStore } from './provider-store';

const viewSchema = {
  type: 'object',
  properties: {
    channel: { type: 'string' },
    kind: { type: 'string' },
    settings: { type: 'object', additionalProperties: true },
    secretMasked: { type: ['string', 'null'] },
  },
};
const answerSchema = {
  type: 'object',
  properties: {
    organisationId: { type: ['string', 'null'] },
    own: { type: 'array', items: viewSchema },
    defaults: { type: 'array', items: viewSchema },
  },
};

/**
 * GET/PUT /notifications/providers and DELETE …/providers/:channel: the SMS, WhatsApp and voice providers of the caller's
 * organisation (an si-customer's own; the one a cloud user names, or the operator's defaults when it names none), and
 * PUT …/providers/default for the operator's defaults (cloud only). Secrets are write-only: answered masked.
 */
export function providerRoutes(db: Database, store: ProviderStore): AnyRouteDefinition[] {
  // 404: the organisation named in the query is not one the caller manages.
  const common = { permission: 'setting', query: ManagedOrganisationQuery, response: answerSchema, errors: [404] } as const;
  const saved = async (organisationId: string | null, body: ProviderInput) => {
    if (!(await store.save(organisationId, body))) throw HttpError.badRequest('validation.isNotEmpty', 'secret');
    return store.answer(organisationId);
  };
  return [
    defineRoute({
      ...common,
      levels: ['cloud', 'si-customer'],
      method: 'GET',
      url: '/notifications/providers',
      summary: "The organisation's SMS, WhatsApp and voice providers (secrets masked) and the operator's defaults",
      handler: async ({ user, query }) => store.answer(await managedOrganisation(db, user, query)),
    }),
    defineRoute({
      ...common,
      levels: ['cloud', 'si-customer'],
      method: 'PUT',
      url: '/notifications/providers',
      summary: "Sets the organisation's own provider of a channel (an empty secret keeps the stored one)",
      body: ProviderInput,
      audit: {
        row: async ({ user, query, body }) =>
          auditLeaves(await store.own(await organisationToChange(db, user, query), body.channel)),
      },
      handler: async ({ user, query, body }) => saved(await organisationToChange(db, user, query), body),
    }),
    defineRoute({
      ...common,
      levels: ['cloud', 'si-customer'],
      method: 'DELETE',
      url: '/notifications/providers/:channel',
      summary: "Removes the organisation's own provider of a channel: the operator's default carries it again",
      params: ProviderChannelParams,
      audit: {
        row: async ({ user, query, params }) =>
          auditLeaves(await store.own(await organisationToChange(db, user, query), params.channel)),
      },
      handler: async ({ user, query, params }) => {
        const organisationId = await organisationToChange(db, user, query);
        await store.remove(organisationId, params.channel);
        return store.answer(organisationId);
      },
    }),
    defineRoute({
      permission: 'setting',
      levels: ['cloud'],
      method: 'PUT',
      url: '/notifications/providers/default',
      summary: "Sets the operator's default provider of a channel, for organisations without their own",
      body: ProviderInput,
      response: answerSchema,
      audit: { row: async ({ body }) => auditLeaves(await store.own(null, body.channel)) },
      handler: ({ body }) => saved(null, body),
    }),
  ];
}

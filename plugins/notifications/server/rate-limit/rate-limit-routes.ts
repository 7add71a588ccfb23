import {
  defineRoute,
  managedOrganisation,
  ManagedOrganisationQuery,
  organisationToChange,
  type AnyRouteDefinition,
  type Database,
} from '@sensorium/core/server';
import { DEFAULT_RATE_LIMIT, RateLimitInput, type RateLimitAnswer } from '../../common/rate-limit';
import { ownRateLimit, saveRateLimit } from './rate-limit-store';

const answerSchema = {
  type: 'object',
  properties: {
    organisationId: { type: ['string', 'null'] },
    own: { type: 'boolean' },
    maxSent: { type: 'integer' },
    windowMinutes: { type: 'integer' },
  },
};

async function answer(db: Database, organisationId: string | null): Promise<RateLimitAnswer> {
  const own = organisationId ? await ownRateLimit(db, organisationId) : null;
  return { organisationId, own: own !== null, ...(own ?? DEFAULT_RATE_LIMIT) };
}

/**
 * GET/PUT /notifications/rate-limit: the per-contact rate limit of the caller's organisation (an si-customer's own; the
 * one a cloud user names), with the levels and permission of the provider settings. The PUT is audited like every change.
 */
export function rateLimitRoutes(db: Database): AnyRouteDefinition[] {
  const common = {
    permission: 'setting',
    levels: ['cloud', 'si-customer'],
    url: '/notifications/rate-limit',
    query: ManagedOrganisationQuery,
    response: answerSchema,
    // The organisation named in the query is not one the caller manages.
    errors: [404],
  } as const;
  return [
    defineRoute({
      ...common,
      method: 'GET',
      summary: "The organisation's per-contact notification rate limit (the default when it has none of its own)",
      handler: async ({ user, query }) => answer(db, await managedOrganisation(db, user, query)),
    }),
    defineRoute({
      ...common,
      method: 'PUT',
      summary: "Sets the organisation's per-contact notification rate limit: at most maxSent messages in windowMinutes",
      body: RateLimitInput,
      audit: { row: async ({ user, query }) => answer(db, await organisationToChange(db, user, query)) },
      handler: async ({ user, query, body }) => {
        const organisationId = await organisationToChange(db, user, query);
        await saveRateLimit(db, organisationId, { maxSent: body.maxSent, windowMinutes: body.windowMinutes });
        return answer(db, organisationId);
      },
    }),
  ];
}

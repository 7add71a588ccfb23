import { sql } from 'drizzle-orm';
import { DeviceServerSettingsInput, type DeviceServerSettingsView } from '@sensorium/core/common';
import type { Database } from './database';
import { HttpError } from './http-error';
import { managedOrganisation, ManagedOrganisationQuery, organisationToChange } from './managed-organisation';
import { defineRoute, type RouteDefinition } from './routes';
import { queryRows } from './sql-rows';

/** Where a device server's HTTP API is and the secret (ChirpStack API token, TTS API key) that opens it. */
export interface DeviceServerAccess {
  apiUrl: string | null;
  secret: string | null;
}

/** How many characters of a secret its mask shows. */
const SHOWN = 4;

export function maskSecret(secret: string | null): string | null {
  if (!secret) return null;
  return `••••${secret.length > SHOWN * 3 ? secret.slice(-SHOWN) : ''}`;
}

/**
 * One device server's API settings per organisation, kept in a table of the data-source plugin that talks to it
 * (`organisation_id text PRIMARY KEY REFERENCES organisations ON DELETE CASCADE, api_url text, secret text, updated_at`).
 * An organisation's own settings come first; the operator's (environment) apply otherwise, so one tenant's calls never
 * carry another tenant's credentials.
 */
export class DeviceServerSettingsStore {
  constructor(
    private readonly db: Database,
    /** The owning plugin's table, e.g. `chirpstack_server_settings`. */
    private readonly table: string,
    /** The operator's default, read at each call (the plugin's config). */
    private readonly operator: () => DeviceServerAccess,
  ) {}

  /** The organisation's own settings, or null. */
  async own(organisationId: string | null): Promise<DeviceServerAccess | null> {
    if (!organisationId) return null;
    const [row] = await queryRows<{ apiUrl: string; secret: string }>(
      this.db,
      sql`SELECT api_url AS "apiUrl", secret FROM ${sql.identifier(this.table)} WHERE organisation_id = ${organisationId}`,
    );
    return row ? { apiUrl: row.apiUrl, secret: row.secret } : null;
  }

  /** What a call on the organisation's behalf uses: its own settings, else the operator's. */
  async effective(organisationId: string | null): Promise<DeviceServerAccess> {
    return (await this.own(organisationId)) ?? this.operator();
  }

  async view(organisationId: string | null): Promise<DeviceServerSettingsView> {
    const own = await this.own(organisationId);
    const operator = this.operator();
    return {
      organisationId,
      apiUrl: own?.apiUrl ?? null,
      secretMasked: maskSecret(own?.secret ?? null),
      operator: { apiUrl: operator.apiUrl, secretSet: Boolean(operator.secret) },
    };
  }

  async save(organisationId: string, access: { apiUrl: string; secret: string }): Promise<void> {
    await this.db.execute(
      sql`INSERT INTO ${sql.identifier(this.table)} (organisation_id, api_url, secret, updated_at)
          VALUES (${organisationId}, ${access.apiUrl}, ${access.secret}, now())
          ON CONFLICT (organisation_id) DO UPDATE SET api_url = EXCLUDED.api_url, secret = EXCLUDED.secret, updated_at = now()`,
    );
  }

  async remove(organisationId: string): Promise<void> {
    await this.db.execute(sql`DELETE FROM ${sql.identifier(this.table)} WHERE organisation_id = ${organisationId}`);
  }
}

const viewSchema = {
  type: 'object',
  properties: {
    organisationId: { type: ['string', 'null'] },
    apiUrl: { type: ['string', 'null'] },
    secretMasked: { type: ['string', 'null'] },
    operator: { type: 'object', properties: { apiUrl: { type: ['string', 'null'] }, secretSet: { type: 'boolean' } } },
  },
};

/**
 * GET, PUT and DELETE `/{path}` for a device server's settings of the caller's organisation (an si-customer's own; a
 * cloud user names any existing organisation, and without one sees the operator's default). Closed to end customers;
 * needs the `setting` permission. Another organisation's settings answer 404.
 */
export function deviceServerSettingsRoutes(
  db: Database,
  path: string,
  name: string,
  store: DeviceServerSettingsStore,
): RouteDefinition[] {
  // 404: the organisation named in the query is not one the caller manages.
  const common = {
    levels: ['cloud', 'si-customer'] as const,
    permission: 'setting',
    query: ManagedOrganisationQuery,
    errors: [404] as const,
  };
  return [
    defineRoute({
      ...common,
      method: 'GET',
      url: path,
      summary: `The organisation's ${name} API settings (the secret masked) and whether the operator's default applies`,
      response: viewSchema,
      handler: async ({ user, query }) => store.view(await managedOrganisation(db, user, query)),
    }),
    defineRoute({
      ...common,
      method: 'PUT',
      url: path,
      summary: `Sets the organisation's own ${name} API address and secret (empty: keep the stored one), used instead of the operator's`,
      body: DeviceServerSettingsInput,
      response: viewSchema,
      handler: async ({ user, query, body }) => {
        const organisationId = await organisationToChange(db, user, query);
        // An empty secret keeps the stored one; with none stored there is nothing to keep.
        const secret = body.secret || (await store.own(organisationId))?.secret;
        if (!secret) throw HttpError.badRequest('validation.isNotEmpty', 'secret');
        await store.save(organisationId, { apiUrl: body.apiUrl.replace(/\/+$/, ''), secret });
        return store.view(organisationId);
      },
    }),
    defineRoute({
      ...common,
      method: 'DELETE',
      url: path,
      summary: `Removes the organisation's own ${name} API settings: the operator's apply again`,
      response: viewSchema,
      handler: async ({ user, query }) => {
        const organisationId = await organisationToChange(db, user, query);
        await store.remove(organisationId);
        return store.view(organisationId);
      },
    }),
  ] as RouteDefinition[];
}

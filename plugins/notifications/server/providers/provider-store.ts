import { and, eq, isNull, sql } from 'drizzle-orm';
import { maskSecret, type Database, type SqlExecutor } from '@sensorium/core/server';
import type { ProviderChannel, ProviderInput, ProviderSettings, ProviderView, ProvidersAnswer } from '../../common/providers';
import { notificationsProviders as providers, type ProviderRow } from './schema';

/** Whose provider: an organisation's own, or the operator's default (null). */
const owner = (organisationId: string | null) =>
  organisationId === null ? isNull(providers.organisationId) : eq(providers.organisationId, organisationId);

/** The fields of the input's kind, without empty ones. */
export function settingsOf(input: ProviderInput): ProviderSettings {
  const fields: ProviderSettings =
    input.kind === 'twilio'
      ? {
          baseUrl: input.baseUrl,
          accountSid: input.accountSid,
          from: input.from,
          messagingServiceSid: input.messagingServiceSid,
        }
      : {
          url: input.url,
          method: input.method,
          headers: input.headers,
          body: input.body,
          messageIdPath: input.messageIdPath,
        };
  if (input.channel === 'voice')
    Object.assign(fields, { callTimeoutSeconds: input.callTimeoutSeconds, sayLanguage: input.sayLanguage });
  return Object.fromEntries(
    Object.entries(fields).filter(([, value]) => value !== undefined && value !== null && value !== ''),
  ) as ProviderSettings;
}

const toView = (row: ProviderRow): ProviderView => ({
  channel: row.channel,
  kind: row.kind,
  settings: row.settings,
  secretMasked: maskSecret(row.secret),
});

/** The providers of organisations and the operator's defaults (the notifications_providers table). */
export class ProviderStore {
  constructor(private readonly db: Database) {}

  /**
   * The provider that carries a channel for an organisation: its own, else the operator's default, else null. Read in
   * the caller's transaction when it has one (on PGlite a read beside an open transaction would wait for it).
   */
  async effective(
    organisationId: string | null,
    channel: ProviderChannel,
    tx: SqlExecutor = this.db,
  ): Promise<ProviderRow | null> {
    const rows = await (tx as Database)
      .select()
      .from(providers)
      .where(
        and(
          eq(providers.channel, channel),
          organisationId === null
            ? isNull(providers.organisationId)
            : sql`(${providers.organisationId} = ${organisationId} OR ${providers.organisationId} IS NULL)`,
        ),
      );
    return rows.find((row) => row.organisationId !== null) ?? rows[0] ?? null;
  }

  private async rows(organisationId: string | null): Promise<ProviderRow[]> {
    return this.db.select().from(providers).where(owner(organisationId)).orderBy(providers.channel);
  }

  async answer(organisationId: string | null): Promise<ProvidersAnswer> {
    const defaults = (await this.rows(null)).map(toView);
    return { organisationId, own: organisationId === null ? defaults : (await this.rows(organisationId)).map(toView), defaults };
  }

  /** An organisation's own provider of a channel (the operator's default for null), secret masked; null when none. */
  async own(organisationId: string | null, channel: ProviderChannel): Promise<ProviderView | null> {
    const [row] = await this.db
      .select()
      .from(providers)
      .where(and(owner(organisationId), eq(providers.channel, channel)));
    return row ? toView(row) : null;
  }

  /** Sets a channel's provider; an empty secret keeps the stored one (false when there is none to keep). */
  async save(organisationId: string | null, input: ProviderInput): Promise<boolean> {
    const [stored] = await this.db
      .select({ secret: providers.secret })
      .from(providers)
      .where(and(owner(organisationId), eq(providers.channel, input.channel)));
    const secret = input.secret || stored?.secret;
    if (!secret) return false;
    const values = { kind: input.kind, settings: settingsOf(input), secret, updatedAt: new Date() };
    if (stored) {
      await this.db
        .update(providers)
        .set(values)
        .where(and(owner(organisationId), eq(providers.channel, input.channel)));
    } else {
      await this.db.insert(providers).values({ ...values, organisationId, channel: input.channel });
    }
    return true;
  }

  /** Removes an organisation's own provider of a channel: the default carries it again. */
  async remove(organisationId: string | null, channel: ProviderChannel): Promise<void> {
    await this.db.delete(providers).where(and(owner(organisationId), eq(providers.channel, channel)));
  }
}

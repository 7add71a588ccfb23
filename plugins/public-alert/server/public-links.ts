import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { queryRows, type Database, type SqlExecutor } from '@sensorium/core/server';
import type { PublicLink, PublicLinkAction, PublicLinkRequest, PublicLinks, PublicLinkSummary } from '../common';
import type { LinkKeys } from './link-keys';
import { encodeLinkToken, newJti, readLinkToken, signatureMatches } from './link-token';
import { publicAlertLinks } from './schema';

const DAY_SECONDS = 24 * 60 * 60;

/** A link as its application's users see it: never its token. */
const toSummary = (row: typeof publicAlertLinks.$inferSelect): PublicLinkSummary => ({
  jti: row.jti,
  contactId: row.contactId,
  actorLabel: row.actorLabel,
  actions: row.actions as PublicLinkAction[],
  createdAt: row.createdAt.toISOString(),
  expiresAt: row.expiresAt.toISOString(),
  revokedAt: row.revokedAt?.toISOString() ?? null,
  usedAt: row.usedAt?.toISOString() ?? null,
});
export const DEFAULT_LINK_TTL_SECONDS = 7 * DAY_SECONDS;
export const MAX_LINK_TTL_SECONDS = 30 * DAY_SECONDS;

/** The link a valid token stands for. */
export interface VerifiedLink {
  jti: string;
  eventId: string;
  appId: string;
  contactId: string | null;
  actorLabel: string;
  actions: PublicLinkAction[];
}

/**
 * Issues, verifies and revokes the links (public_alert_links), signed with LinkKeys. Issuing and revoking per event take
 * the caller's transaction, hence plain SQL there.
 */
export class LinkService implements PublicLinks {
  constructor(
    private readonly db: Database,
    private readonly keys: LinkKeys,
    private readonly publicUrl: () => string,
    private readonly now: () => Date,
  ) {}

  async issue(request: PublicLinkRequest, tx: SqlExecutor = this.db): Promise<PublicLink> {
    const [link] = await this.issueMany([request], tx);
    return link!;
  }

  async issueMany(requests: readonly PublicLinkRequest[], tx: SqlExecutor = this.db): Promise<PublicLink[]> {
    if (requests.length === 0) return [];
    const now = this.now();
    const key = await this.keys.current(tx);
    const issued = requests.map((request) => {
      const ttl = Math.min(request.ttlSeconds ?? DEFAULT_LINK_TTL_SECONDS, MAX_LINK_TTL_SECONDS);
      if (!(ttl > 0)) throw new Error(`A public link must live a while, not ${ttl} seconds`);
      const exp = Math.floor(now.getTime() / 1000) + Math.ceil(ttl);
      return { request, jti: newJti(), exp, actions: [...new Set(request.actions)] };
    });
    const rows = issued.map(({ request, jti, exp, actions }) => ({
      jti,
      event: request.eventId,
      app: request.appId,
      contact: request.contactId,
      label: request.actorLabel,
      actions,
      expires: new Date(exp * 1000).toISOString(),
    }));
    await tx.execute(sql`
      INSERT INTO public_alert_links (jti, kid, event_id, app_id, contact_id, actor_label, actions, expires_at, created_at)
      SELECT x.jti, ${key.kid}, x.event, x.app, x.contact, x.label, ARRAY(SELECT json_array_elements_text(x.actions)),
        x.expires, ${now.toISOString()}::timestamptz
      FROM json_to_recordset(${JSON.stringify(rows)}::json)
        AS x(jti text, event uuid, app text, contact text, label text, actions json, expires timestamptz)`);
    return issued.map(({ jti, exp, actions }) => {
      const token = encodeLinkToken({ jti, exp, actions }, key.secret);
      return { token, url: `${this.publicUrl()}/public/event/${token}`, expiresAt: new Date(exp * 1000).toISOString() };
    });
  }

  async revokeForEvent(eventId: string, tx: SqlExecutor = this.db): Promise<number> {
    const rows = await queryRows<{ jti: string }>(
      tx,
      sql`UPDATE public_alert_links SET revoked_at = ${this.now().toISOString()}::timestamptz
        WHERE event_id = ${eventId} AND revoked_at IS NULL RETURNING jti`,
    );
    return rows.length;
  }

  /**
   * The link behind a token; null when the token is malformed, forged, expired or revoked, or names no link: the
   * caller answers all of them alike, so they cannot be told apart.
   */
  async verify(token: string): Promise<VerifiedLink | null> {
    const read = readLinkToken(token);
    const now = this.now();
    if (!read || read.claims.exp * 1000 <= now.getTime()) return null;
    const [row] = await this.db.select().from(publicAlertLinks).where(eq(publicAlertLinks.jti, read.claims.jti));
    const secret = row ? await this.keys.secret(row.kid) : null;
    if (!row || !secret || !signatureMatches(read, secret)) return null;
    if (row.revokedAt !== null || row.expiresAt <= now) return null;
    return {
      jti: row.jti,
      eventId: row.eventId,
      appId: row.appId,
      contactId: row.contactId,
      actorLabel: row.actorLabel,
      // The signed claims, which the row repeats.
      actions: read.claims.actions,
    };
  }

  async markUsed(jti: string): Promise<void> {
    await this.db.update(publicAlertLinks).set({ usedAt: this.now() }).where(eq(publicAlertLinks.jti, jti));
  }

  /** The application's links to one event, newest first. */
  async list(appId: string, eventId: string): Promise<PublicLinkSummary[]> {
    const rows = await this.db
      .select()
      .from(publicAlertLinks)
      .where(and(eq(publicAlertLinks.appId, appId), eq(publicAlertLinks.eventId, eventId)))
      .orderBy(desc(publicAlertLinks.createdAt), asc(publicAlertLinks.jti));
    return rows.map(toSummary);
  }

  /** One of the application's links, or null (the audit record of a revocation shows it before and after). */
  async find(appId: string, jti: string): Promise<PublicLinkSummary | null> {
    const [row] = await this.db
      .select()
      .from(publicAlertLinks)
      .where(and(eq(publicAlertLinks.appId, appId), eq(publicAlertLinks.jti, jti)));
    return row ? toSummary(row) : null;
  }

  /** Revokes one of the application's links; false when it has no such link. A revoked link keeps its first revocation. */
  async revoke(appId: string, jti: string): Promise<boolean> {
    const rows = await this.db
      .update(publicAlertLinks)
      .set({ revokedAt: sql`COALESCE(${publicAlertLinks.revokedAt}, ${this.now().toISOString()}::timestamptz)` })
      .where(and(eq(publicAlertLinks.appId, appId), eq(publicAlertLinks.jti, jti)))
      .returning({ jti: publicAlertLinks.jti });
    return rows.length > 0;
  }
}

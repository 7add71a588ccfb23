import { randomBytes } from 'node:crypto';
import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import { jwtVerify, SignJWT } from 'jose';
import type { Database } from '@sensorium/core/server';
import type { NewShareLink, ShareLink } from '../common';
import { dashboardShareLinks, dashboardShareSecret } from './schema';

const AUDIENCE = 'sensorium.dashboard-share';
const HOUR_MS = 60 * 60 * 1000;

/** The link a valid token stands for. */
export interface ShareGrant {
  linkId: string;
  dashboardId: string;
  appId: string;
  expiresAt: Date;
}

const toLink = (row: typeof dashboardShareLinks.$inferSelect): ShareLink => ({
  id: row.id,
  createdAt: row.createdAt.toISOString(),
  expiresAt: row.expiresAt.toISOString(),
  createdBy: row.createdBy,
});

/**
 * Share links of dashboards (docs/dashboards.md): a dashboard_token is a JWT (HS256, jose) naming its link row, the
 * dashboard and the application, expiring with the link. A token is honoured only while its row is neither revoked nor
 * expired, so revoking takes effect at once; the signing secret lives in this plugin's own table, made on first use.
 */
export class ShareLinks {
  private secret: Promise<Uint8Array> | null = null;

  constructor(
    private readonly db: Database,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** The signing secret, made on first use (the first link shared). */
  private key(): Promise<Uint8Array> {
    this.secret ??= (async () => {
      await this.db
        .insert(dashboardShareSecret)
        .values({ id: 1, secret: randomBytes(32).toString('base64url') })
        .onConflictDoNothing();
      return (await this.storedKey())!;
    })().catch((error: unknown) => {
      this.secret = null;
      throw error;
    });
    return this.secret;
  }

  /** The secret in the table, if one was made. */
  private async storedKey(): Promise<Uint8Array | null> {
    const [row] = await this.db.select().from(dashboardShareSecret).where(eq(dashboardShareSecret.id, 1));
    return row ? new Uint8Array(Buffer.from(row.secret, 'base64url')) : null;
  }

  /** The dashboard's links still open (not revoked, not expired), newest first. */
  async list(dashboardId: string): Promise<ShareLink[]> {
    const rows = await this.db
      .select()
      .from(dashboardShareLinks)
      .where(
        and(
          eq(dashboardShareLinks.dashboardId, dashboardId),
          isNull(dashboardShareLinks.revokedAt),
          gt(dashboardShareLinks.expiresAt, this.now()),
        ),
      )
      .orderBy(desc(dashboardShareLinks.createdAt));
    return rows.map(toLink);
  }

  async create(appId: string, dashboardId: string, validHours: number, createdBy: string | null): Promise<NewShareLink> {
    const expiresAt = new Date(this.now().getTime() + validHours * HOUR_MS);
    const [row] = await this.db
      .insert(dashboardShareLinks)
      .values({ appId, dashboardId, createdBy, expiresAt, createdAt: this.now() })
      .returning();
    const token = await new SignJWT({ dsh: dashboardId, app: appId })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(row!.id)
      .setAudience(AUDIENCE)
      .setIssuedAt(Math.floor(this.now().getTime() / 1000))
      .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
      .sign(await this.key());
    return { ...toLink(row!), token };
  }

  async revoke(dashboardId: string, linkId: string): Promise<ShareLink | null> {
    const [row] = await this.db
      .update(dashboardShareLinks)
      .set({ revokedAt: sql`now()` })
      .where(
        and(
          eq(dashboardShareLinks.id, linkId),
          eq(dashboardShareLinks.dashboardId, dashboardId),
          isNull(dashboardShareLinks.revokedAt),
        ),
      )
      .returning();
    return row ? toLink(row) : null;
  }

  /** What a dashboard_token grants, or null when it is not one of ours, or its link expired or was revoked. */
  async verify(token: string): Promise<ShareGrant | null> {
    // Checking a token never makes the secret, so that a refused call changes nothing.
    const key = await (this.secret ?? this.storedKey());
    if (!key) return null;
    this.secret ??= Promise.resolve(key);
    let claims: { sub?: string; dsh?: unknown; app?: unknown };
    try {
      ({ payload: claims } = await jwtVerify(token, key, {
        audience: AUDIENCE,
        algorithms: ['HS256'],
        currentDate: this.now(),
      }));
    } catch {
      return null;
    }
    if (typeof claims.sub !== 'string' || typeof claims.dsh !== 'string' || typeof claims.app !== 'string') return null;
    if (!/^[0-9a-f-]{36}$/i.test(claims.sub)) return null;
    const [row] = await this.db.select().from(dashboardShareLinks).where(eq(dashboardShareLinks.id, claims.sub));
    if (!row || row.revokedAt || row.expiresAt.getTime() <= this.now().getTime()) return null;
    if (row.dashboardId !== claims.dsh || row.appId !== claims.app) return null;
    return { linkId: row.id, dashboardId: row.dashboardId, appId: row.appId, expiresAt: row.expiresAt };
  }
}

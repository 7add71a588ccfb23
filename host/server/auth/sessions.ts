import { createHash, randomUUID } from 'node:crypto';
import { and, eq, gt, isNull, ne, sql, type SQL } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Database, SessionRevocation, UserDirectory } from '@sensorium/core/server';
import { loginChallenges, refreshTokens } from '../db/schema';
import { bearerToken, type SessionTokens } from './tokens';

export interface TokenPair {
  access_token: string;
  refresh_token: string;
  token_type: 'Bearer';
  /** Seconds until the access token expires. */
  expires_in: number;
}

const digest = (token: string) => createHash('sha256').update(token).digest('hex');

/** Which sessions a revocation ended: one login, or every login of a user but perhaps the one that asked. */
export type Revoked = { familyId: string } | { userId: string; exceptFamilyId: string | null };
export type RevocationListener = (revoked: Revoked) => void;

/**
 * Logins as refresh-token families. Each refresh rotates the token; presenting a token that was already rotated
 * means it was copied, so the whole family (every session descended from that login) is revoked.
 */
export class SessionService implements SessionRevocation {
  private readonly listeners: RevocationListener[] = [];

  constructor(
    private readonly db: Database,
    private readonly tokens: SessionTokens,
    private readonly users: UserDirectory,
    private readonly ttl: { refreshSeconds: number; rememberMeSeconds: number },
  ) {}

  private async issue(
    db: Pick<Database, 'insert'>,
    session: { userId: string; familyId: string; rememberMe: boolean },
  ): Promise<{ pair: TokenPair; tokenId: string }> {
    const tokenId = randomUUID();
    const ttlSeconds = session.rememberMe ? this.ttl.rememberMeSeconds : this.ttl.refreshSeconds;
    const refreshToken = await this.tokens.signRefresh({ ...session, tokenId }, ttlSeconds);
    await db.insert(refreshTokens).values({
      id: tokenId,
      userId: session.userId,
      familyId: session.familyId,
      tokenHash: digest(refreshToken),
      rememberMe: session.rememberMe,
      expiresAt: new Date(Date.now() + ttlSeconds * 1000),
    });
    return {
      tokenId,
      pair: {
        access_token: await this.tokens.signAccess(session),
        refresh_token: refreshToken,
        token_type: 'Bearer',
        expires_in: this.tokens.accessTtlSeconds,
      },
    };
  }

  async login(userId: string, rememberMe: boolean): Promise<TokenPair> {
    return (await this.issue(this.db, { userId, familyId: randomUUID(), rememberMe })).pair;
  }

  /** A new pair for a valid, current refresh token; null (and the family revoked on reuse) otherwise. */
  async refresh(refreshToken: string): Promise<TokenPair | null> {
    const claims = await this.tokens.verifyRefresh(refreshToken);
    if (!claims) return null;
    // A disabled or deleted account keeps no session.
    if (!(await this.users.findSessionUser(claims.userId))) {
      await this.revokeFamily(claims.familyId);
      return null;
    }
    const rotated = await this.db.transaction(async (tx) => {
      const [current] = await tx
        .update(refreshTokens)
        .set({ revokedAt: sql`now()` })
        .where(
          and(
            eq(refreshTokens.id, claims.tokenId),
            eq(refreshTokens.tokenHash, digest(refreshToken)),
            isNull(refreshTokens.revokedAt),
            gt(refreshTokens.expiresAt, sql`now()`),
          ),
        )
        .returning();
      if (!current) return null;
      const next = await this.issue(tx, { userId: current.userId, familyId: current.familyId, rememberMe: current.rememberMe });
      await tx.update(refreshTokens).set({ replacedBy: next.tokenId }).where(eq(refreshTokens.id, current.id));
      return next.pair;
    });
    if (rotated) return rotated;
    const [presented] = await this.db.select().from(refreshTokens).where(eq(refreshTokens.id, claims.tokenId)).limit(1);
    if (presented?.replacedBy) await this.revokeFamily(presented.familyId);
    return null;
  }

  /**
   * Called after every revocation, so that what outlives the refresh tokens ends too: cached session checks and open
   * push sockets.
   */
  onRevoked(listener: RevocationListener): void {
    this.listeners.push(listener);
  }

  private async revoke(condition: SQL | undefined, revoked: Revoked): Promise<void> {
    await this.db
      .update(refreshTokens)
      .set({ revokedAt: sql`now()` })
      .where(and(condition, isNull(refreshTokens.revokedAt)));
    for (const listener of this.listeners) listener(revoked);
  }

  async revokeFamily(familyId: string): Promise<void> {
    await this.revoke(eq(refreshTokens.familyId, familyId), { familyId });
  }

  /** Every session of the user ends: its refresh tokens are revoked and a login waiting for its second factor is dropped. */
  async revokeAllSessions(userId: string): Promise<void> {
    await this.db.delete(loginChallenges).where(eq(loginChallenges.userId, userId));
    await this.revoke(eq(refreshTokens.userId, userId), { userId, exceptFamilyId: null });
  }

  /** Like revokeAllSessions, but the session whose access token `request` carries stays signed in. */
  async revokeOtherSessions(userId: string, request: FastifyRequest): Promise<void> {
    const access = await this.tokens.verifyAccess(bearerToken(request.headers.authorization) ?? '');
    const keep = access?.userId === userId ? access.familyId : null;
    await this.db.delete(loginChallenges).where(eq(loginChallenges.userId, userId));
    await this.revoke(and(eq(refreshTokens.userId, userId), keep ? ne(refreshTokens.familyId, keep) : undefined), {
      userId,
      exceptFamilyId: keep,
    });
  }

  /** The family of a refresh token the caller presents on logout, when it is genuinely theirs. */
  async familyOf(refreshToken: string, userId: string): Promise<string | null> {
    const claims = await this.tokens.verifyRefresh(refreshToken);
    return claims && claims.userId === userId ? claims.familyId : null;
  }
}

import type { FastifyRequest } from 'fastify';
import type { SessionUser } from '@sensorium/core/common';
import type { CredentialVerifier as PluginCredentialVerifier, UserDirectory } from '@sensorium/core/server';
import { RecentAnswers } from './recent-answers';
import { SESSION_CHECK_WINDOW_MS, type SessionLiveness } from './session-liveness';
import { bearerToken, type SessionTokens } from './tokens';

/**
 * One way a caller proves who it is. Returns the session user, or null when the request carries no valid credential
 * of this kind. The access token comes first; plugins' verifiers (API keys) follow.
 */
export type CredentialVerifier = (request: FastifyRequest) => Promise<SessionUser | null>;

/** The `token` query parameter, on routes that allow it (images loaded by `<img>` tags). */
function queryToken(request: FastifyRequest): string | null {
  const allowed = (request.routeOptions.config as { queryToken?: boolean } | undefined)?.queryToken === true;
  const token = allowed ? (request.query as Record<string, unknown> | undefined)?.token : undefined;
  return typeof token === 'string' && token !== '' ? token : null;
}

/** The session an access token stands for, as it is now: the user with its current rights, the login, the expiry. */
export interface AccessSession {
  user: SessionUser;
  /** The login (refresh-token family) the token came from. */
  familyId: string;
  /** When the access token expires, in milliseconds since the epoch. */
  expiresAt: number;
}

/**
 * Access tokens checked against live sessions: a valid signature is not enough, the login must not have been logged
 * out or revoked (SessionLiveness) and the account must still be enabled; both answers are kept for a few seconds.
 */
export class AccessSessions {
  /**
   * The users of recent requests, as the session check reads them on every API call: kept for the session check's
   * window, forgotten at once when an account or group changes on this instance (forgetUsers).
   */
  private readonly recentUsers = new RecentAnswers<SessionUser | null>(SESSION_CHECK_WINDOW_MS);

  constructor(
    private readonly tokens: SessionTokens,
    private readonly liveness: SessionLiveness,
    private readonly users: UserDirectory,
  ) {}

  async open(token: string): Promise<AccessSession | null> {
    const claims = await this.tokens.verifyAccess(token);
    if (!claims || !(await this.liveness.isLive(claims.familyId))) return null;
    const { userId } = claims;
    const user =
      this.recentUsers.fresh(userId)?.value ??
      (await this.recentUsers.read(async () => new Map([[userId, await this.users.findSessionUser(userId)]]))).get(userId);
    return user ? { user, familyId: claims.familyId, expiresAt: claims.expiresAt } : null;
  }

  /** Forgets the users of recent requests: an account or group changed, so the next request reads it again. */
  forgetUsers(): void {
    this.recentUsers.clear();
  }

  /**
   * Of these sessions, the ones still live, by family id, with their users as they are now; read from the database,
   * not the cache.
   */
  async stillLive(sessions: readonly { userId: string; familyId: string }[]): Promise<Map<string, SessionUser>> {
    const live = await this.liveness.readNow([...new Set(sessions.map((session) => session.familyId))]);
    const users = new Map<string, SessionUser | null>();
    const answer = new Map<string, SessionUser>();
    for (const { userId, familyId } of sessions) {
      if (!live.has(familyId)) continue;
      if (!users.has(userId)) users.set(userId, await this.users.findSessionUser(userId));
      const user = users.get(userId);
      if (user) answer.set(familyId, user);
    }
    return answer;
  }
}

export function accessTokenVerifier(sessions: AccessSessions): CredentialVerifier {
  return async (request) => {
    const token = bearerToken(request.headers.authorization) ?? queryToken(request);
    return token ? ((await sessions.open(token))?.user ?? null) : null;
  };
}

/** Tries each verifier in turn; the first that recognises the caller wins. */
export function createAuthenticator(verifiers: readonly CredentialVerifier[]): CredentialVerifier {
  return async (request) => {
    for (const verify of verifiers) {
      const user = await verify(request);
      if (user) return user;
    }
    return null;
  };
}

/** A plugin's verifier (which answers a user id) as a session-user verifier; disabled users are refused. */
export function pluginCredentialVerifier(verifier: PluginCredentialVerifier, users: UserDirectory): CredentialVerifier {
  return async (request) => {
    const userId = await verifier.verify(request);
    return userId ? users.findSessionUser(userId) : null;
  };
}

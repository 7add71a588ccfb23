import type { FastifyRequest } from 'fastify';
import type { SessionUser } from '@sensorium/core/common';
import type { CredentialVerifier as PluginCredentialVerifier, UserDirectory } from '@sensorium/core/server';
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

export function accessTokenVerifier(tokens: SessionTokens, users: UserDirectory): CredentialVerifier {
  return async (request) => {
    const token = bearerToken(request.headers.authorization) ?? queryToken(request);
    const claims = token ? await tokens.verifyAccess(token) : null;
    return claims ? users.findSessionUser(claims.userId) : null;
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

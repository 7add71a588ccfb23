import { IsBoolean, IsNotEmpty, IsOptional, IsString, MaxLength } from 'class-validator';
import { defineRoute, HttpError, type AuditLog, type UserDirectory } from '../../../core/server';
import { LOGIN_ACTION, WRONG_CREDENTIALS, type LoginThrottle } from './login-throttle';
import type { SessionService } from './sessions';
import { bearerToken, type SessionTokens } from './tokens';

export class LoginInput {
  @IsString()
  @IsNotEmpty()
  @MaxLength(200)
  username!: string;

  @IsString()
  @IsNotEmpty()
  @MaxLength(200)
  password!: string;

  @IsOptional()
  @IsBoolean()
  rememberMe?: boolean;
}

export class LogoutInput {
  @IsOptional()
  @IsString()
  refresh_token?: string;
}

const tokenPairSchema = {
  type: 'object',
  properties: {
    access_token: { type: 'string' },
    refresh_token: { type: 'string' },
    token_type: { type: 'string', enum: ['Bearer'] },
    expires_in: { type: 'integer', description: 'Seconds until the access token expires' },
  },
};

export interface SessionRouteServices {
  users: UserDirectory;
  sessions: SessionService;
  tokens: SessionTokens;
  throttle: LoginThrottle;
  audit: AuditLog;
}

/** Login, refresh, logout and the current user (docs: Session API). */
export function sessionRoutes({ users, sessions, tokens, throttle, audit }: SessionRouteServices) {
  const login = defineRoute<LoginInput, unknown, unknown, false>({
    method: 'POST',
    url: '/auth/login',
    summary: 'Sign in with username and password; answers an access and a refresh token',
    auth: false,
    body: LoginInput,
    response: tokenPairSchema,
    rateLimit: { max: 20, timeWindowMs: 60_000 },
    audit: false,
    async handler({ body, request }) {
      const attempt = {
        username: body.username,
        action: LOGIN_ACTION,
        target: body.username,
        pluginId: 'core',
        address: request.ip,
      };
      if (await throttle.isLocked(body.username)) {
        await audit.record({ ...attempt, userId: null, outcome: 'failure', detail: { reason: 'locked' } });
        throw new HttpError(429, 'errors.tooManyLoginAttempts', { minutes: throttle.windowMinutes });
      }
      const user = await users.verifyPassword(body.username, body.password);
      if (!user) {
        await audit.record({ ...attempt, userId: null, outcome: 'failure', detail: { reason: WRONG_CREDENTIALS } });
        throw new HttpError(401, 'errors.invalidCredentials');
      }
      await audit.record({ ...attempt, userId: user.id, outcome: 'success' });
      return sessions.login(user.id, body.rememberMe ?? false);
    },
  });

  const refresh = defineRoute<unknown, unknown, unknown, false>({
    method: 'POST',
    url: '/auth/refresh',
    summary: 'Exchange the refresh token (sent as the Bearer token) for a new pair; the old refresh token stops working',
    auth: false,
    response: tokenPairSchema,
    rateLimit: { max: 60, timeWindowMs: 60_000 },
    audit: false,
    async handler({ request }) {
      const token = bearerToken(request.headers.authorization);
      const pair = token ? await sessions.refresh(token) : null;
      if (!pair) throw new HttpError(401, 'errors.sessionExpired');
      return pair;
    },
  });

  const logout = defineRoute<LogoutInput>({
    method: 'POST',
    url: '/auth/logout',
    summary: 'Sign out: revokes the refresh tokens of this login (and of the refresh token sent, if any)',
    body: LogoutInput,
    audit: 'auth.logout',
    async handler({ body, request, user }) {
      const access = await tokens.verifyAccess(bearerToken(request.headers.authorization) ?? '');
      const families = new Set([
        access?.familyId,
        body.refresh_token ? await sessions.familyOf(body.refresh_token, user.id) : null,
      ]);
      for (const familyId of families) if (familyId) await sessions.revokeFamily(familyId);
    },
  });

  const me = defineRoute({
    method: 'GET',
    url: '/auth/me',
    summary: 'The signed-in user with level and effective permissions',
    handler: ({ user }) => user,
  });

  return [login, refresh, logout, me];
}

import { IsBoolean, IsNotEmpty, IsOptional, IsString, MaxLength } from 'class-validator';
import { defineRoute, HttpError, throttledError, type AuditLog, type UserDirectory } from '@sensorium/core/server';
import { LOGIN_ACTION, PASSWORD_STEP_ACTION, THROTTLED, WRONG_CREDENTIALS, type LoginThrottle } from './login-throttle';
import type { SecondFactor } from './second-factor';
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

export class OtpRequestInput {
  @IsString()
  @IsNotEmpty()
  @MaxLength(200)
  username!: string;

  @IsString()
  @IsNotEmpty()
  @MaxLength(50)
  channelName!: string;
}

export class OtpVerifyInput extends OtpRequestInput {
  /** The one-time code from the message. */
  @IsString()
  @IsNotEmpty()
  @MaxLength(20)
  token!: string;
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

const loginInfoSchema = {
  type: 'object',
  properties: { defaultPage: { type: 'string', description: 'Where the console goes after login' } },
};

const loginAnswerSchema = {
  type: 'object',
  description: 'The token pair with loginInfo; or, for a user with a second factor, otpFlag and the channels (no tokens)',
  properties: {
    ...tokenPairSchema.properties,
    loginInfo: loginInfoSchema,
    otpFlag: { type: 'boolean' },
    otpInfo: {
      type: 'object',
      properties: {
        channels: {
          type: 'array',
          items: { type: 'object', properties: { channelName: { type: 'string' }, channelContact: { type: 'string' } } },
        },
      },
    },
  },
};

/** Where the console goes after login; no per-user default page is stored yet. */
export const DEFAULT_PAGE = '/home';
/** Per-address limits of the one-time-code calls, in memory; wrong codes are throttled across codes by LoginThrottle. */
const OTP_REQUEST_RATE_LIMIT = { max: 10, timeWindowMs: 60_000 };
const OTP_VERIFY_RATE_LIMIT = { max: 20, timeWindowMs: 60_000 };

export interface SessionRouteServices {
  users: UserDirectory;
  sessions: SessionService;
  tokens: SessionTokens;
  throttle: LoginThrottle;
  audit: AuditLog;
  secondFactor: SecondFactor;
}

/** Login, refresh, logout and the current user (docs: Session API). */
/** The audit record of a login attempt by this username from this address (outcome and user added by the caller). */
function loginAttempt(username: string, address: string) {
  return { username, action: LOGIN_ACTION, target: username, pluginId: 'core', address };
}

export function sessionRoutes({ users, sessions, tokens, throttle, audit, secondFactor }: SessionRouteServices) {
  const loginAnswer = async (userId: string, rememberMe: boolean) => ({
    ...(await sessions.login(userId, rememberMe)),
    loginInfo: { defaultPage: DEFAULT_PAGE },
  });

  const login = defineRoute<LoginInput, unknown, unknown, false>({
    method: 'POST',
    url: '/auth/login',
    errors: [401],
    summary:
      'Sign in with username and password; answers an access and a refresh token, or otpFlag when a second factor is needed',
    auth: false,
    body: LoginInput,
    response: loginAnswerSchema,
    rateLimit: { max: 20, timeWindowMs: 60_000 },
    audit: false,
    async handler({ body, request, reply }) {
      const attempt = loginAttempt(body.username, request.ip);
      const wait = await throttle.passwordWait(body.username, request.ip);
      if (wait > 0) {
        await audit.record({ ...attempt, userId: null, outcome: 'failure', detail: { reason: THROTTLED, wait } });
        throw throttledError(reply, wait);
      }
      const user = await users.verifyPassword(body.username, body.password);
      if (!user) {
        await audit.record({ ...attempt, userId: null, outcome: 'failure', detail: { reason: WRONG_CREDENTIALS } });
        throw new HttpError(401, 'errors.invalidCredentials');
      }
      const rememberMe = body.rememberMe ?? false;
      const secondStep = await secondFactor.requirement(user.id);
      if (secondStep.required) {
        // The password step is recorded apart, so it neither counts as a login nor resets the failure count.
        await audit.record({ ...attempt, action: PASSWORD_STEP_ACTION, userId: user.id, outcome: 'success' });
        if (secondStep.channels.length > 0) await secondFactor.begin(user.id, rememberMe, request.ip);
        return { otpFlag: true, otpInfo: { channels: secondStep.channels } };
      }
      await audit.record({ ...attempt, userId: user.id, outcome: 'success' });
      return loginAnswer(user.id, rememberMe);
    },
  });

  const requestOtp = defineRoute<OtpRequestInput, unknown, unknown, false>({
    method: 'POST',
    url: '/auth/otp/request',
    summary: 'Send a one-time code on a channel, within 10 minutes after a correct password (30 s between codes)',
    auth: false,
    body: OtpRequestInput,
    response: {
      type: 'object',
      properties: { channelName: { type: 'string' }, channelContact: { type: 'string' }, validMinutes: { type: 'integer' } },
    },
    rateLimit: OTP_REQUEST_RATE_LIMIT,
    audit: 'auth.otp.request',
    handler: ({ body, request, t }) => secondFactor.request(body.username, request.ip, body.channelName, t),
  });

  const verifyOtp = defineRoute<OtpVerifyInput, unknown, unknown, false>({
    method: 'POST',
    url: '/auth/otp/verify',
    summary: 'Check the one-time code of a pending login; answers the token pair and loginInfo',
    auth: false,
    body: OtpVerifyInput,
    response: { type: 'object', properties: { ...tokenPairSchema.properties, loginInfo: loginInfoSchema } },
    rateLimit: OTP_VERIFY_RATE_LIMIT,
    audit: false,
    async handler({ body, request, reply }) {
      const attempt = loginAttempt(body.username, request.ip);
      const wait = await throttle.codeWait(body.username, request.ip);
      if (wait > 0) {
        await audit.record({ ...attempt, userId: null, outcome: 'failure', detail: { reason: THROTTLED, wait } });
        throw throttledError(reply, wait);
      }
      const login = await secondFactor.verify(body.username, request.ip, body.channelName, body.token, (userId, reason) =>
        audit.record({ ...attempt, userId, outcome: 'failure', detail: { reason } }),
      );
      await audit.record({ ...attempt, userId: login.userId, outcome: 'success', detail: { secondFactor: body.channelName } });
      return loginAnswer(login.userId, login.rememberMe);
    },
  });

  const refresh = defineRoute<unknown, unknown, unknown, false>({
    method: 'POST',
    url: '/auth/refresh',
    errors: [401],
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
    response: {
      type: 'object',
      required: ['id', 'username', 'name', 'level', 'permissions', 'organisationId', 'endCustomerId'],
      properties: {
        id: { type: 'string', format: 'uuid' },
        username: { type: 'string' },
        name: { type: 'string' },
        level: { type: 'string', description: 'cloud, si-customer or end-customer' },
        permissions: {
          type: 'array',
          items: { type: 'string' },
          description: 'Effective: every key for a cloud user, the group’s keys otherwise',
        },
        organisationId: { type: ['string', 'null'] },
        endCustomerId: { type: ['string', 'null'] },
      },
    },
    handler: ({ user }) => user,
  });

  return [login, requestOtp, verifyOtp, refresh, logout, me];
}

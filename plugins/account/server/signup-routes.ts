import { and, desc, eq, gt, isNotNull, isNull, sql } from 'drizzle-orm';
import { PERMISSIONS, type PermissionKey } from '@sensorium/core/common';
import {
  defineRoute,
  HttpError,
  throttledError,
  type Database,
  type Mailer,
  type OrganisationDirectory,
  type ConsoleSettings,
  type SessionRevocation,
  type UserDirectory,
} from '@sensorium/core/server';
import type { EndCustomerDirectory } from '@sensorium/applications/common';
import type { AccountConfig } from './config';
import {
  CompleteSignupInput,
  EMAIL_PATTERN,
  levelForRole,
  MAX_CODE_TRIES,
  MIN_PASSWORD_LENGTH,
  normaliseEmail,
  RESEND_COOLDOWN_SECONDS,
  SignupOtpRequestInput,
  SignupOtpResendInput,
  SignupOtpVerifyInput,
  TokenParams,
  UsernameAvailabilityQuery,
} from '../common';
import type { SignupCodeThrottle } from './code-throttle';
import { newCode, newToken, tokenDigest, type CodeHasher } from './codes';
import { signups } from './schema';

/** How long a pending sign-up (verified or not) can be completed. */
export const PENDING_SIGNUP_HOURS = 24;

/** What a company's first user may do (spec §6 permission keys): the si-customer runs its organisation, so all of them. */
export const COMPANY_ADMIN_PERMISSIONS: PermissionKey[] = [...PERMISSIONS];
/**
 * An end customer's first user watches and runs its own devices, but manages no users and changes no
 * application, event or schedule settings (those stay with the operator or its integrator).
 */
export const END_CUSTOMER_PERMISSIONS: PermissionKey[] = ['event', 'profileedit', 'dashboard', 'nodemanagement'];

export interface AccountServices {
  db: Database;
  mailer: Mailer;
  /** Console-wide settings: company name, support e-mail, one-time code validity, the public address. */
  settings: ConsoleSettings;
  config: AccountConfig;
  codes: CodeHasher;
  /** Slows wrong sign-up codes per e-mail and address, across codes. */
  codeThrottle: SignupCodeThrottle;
  endCustomers: EndCustomerDirectory;
  /** Core's accounts: hashes the sign-up's password and creates the company's group and first user. */
  users: UserDirectory;
  organisations: OrganisationDirectory;
  sessions: SessionRevocation;
}

type Translate = (key: string, params?: Record<string, string | number>) => string;

const rateLimit = (max: number) => ({ max, timeWindowMs: 60_000 });

/** Answered with every code sent and every token check, so the page offers a resend only when it will be taken. */
const resendInSeconds = {
  type: 'integer',
  description: 'Seconds until another code may be requested (0: now)',
} as const;

/** Whether an account already uses this e-mail, as its username or its e-mail address. */
export async function accountExists(users: UserDirectory, email: string): Promise<boolean> {
  return (await users.findByUsernameOrEmail(email)) !== null;
}

function mailText(services: AccountServices, t: Translate, body: string): string {
  const { supportEmail } = services.settings;
  return supportEmail ? `${body}\n\n${t('account.server.mail.support', { email: supportEmail })}` : body;
}

/** The sign-up calls of spec §7 (User and One-time password). */
export function signupRoutes(services: AccountServices) {
  const { db, mailer, settings, codes, codeThrottle, users, organisations, endCustomers } = services;
  const validMinutes = () => settings.otpValidMinutes;
  const codeExpiry = () => sql`now() + make_interval(mins => ${validMinutes()}::int)`;
  const cooldownLeft = sql<number>`greatest(0, ceil(extract(epoch from (${signups.codeSentAt}
    + make_interval(secs => ${RESEND_COOLDOWN_SECONDS}::int) - now()))))::int`;

  const sendCode = (email: string, code: string, t: Translate) =>
    mailer.send({
      to: email,
      subject: t('account.server.mail.signupSubject'),
      text: mailText(
        services,
        t,
        t('account.server.mail.signupText', { product: settings.companyName, code, minutes: validMinutes() }),
      ),
    });

  /** The open (not completed, not expired) pending sign-up of a token. */
  const byToken = async (token: string) => {
    const [row] = await db
      .select({ signup: signups, codeExpired: sql<boolean>`${signups.codeExpiresAt} <= now()`, cooldownLeft })
      .from(signups)
      .where(and(eq(signups.tokenHash, tokenDigest(token)), isNull(signups.completedAt), gt(signups.expiresAt, sql`now()`)))
      .limit(1);
    return row ?? null;
  };

  const availability = defineRoute<unknown, UsernameAvailabilityQuery, unknown, false>({
    method: 'GET',
    url: '/user/usernames/availability',
    summary: 'Whether an account already uses this username or e-mail',
    auth: false,
    query: UsernameAvailabilityQuery,
    response: { type: 'object', properties: { exists: { type: 'boolean' } } },
    rateLimit: rateLimit(30),
    handler: async ({ query }) => ({ exists: await accountExists(users, normaliseEmail(query.username)) }),
  });

  const requestOtp = defineRoute<SignupOtpRequestInput, unknown, unknown, false>({
    method: 'POST',
    url: '/otp/signup/request',
    errors: [409],
    summary: 'Start a sign-up: checks e-mail and password, e-mails a six-digit code, answers the token of the pending sign-up',
    auth: false,
    licence: 'sign-up',
    body: SignupOtpRequestInput,
    response: { type: 'object', properties: { token: { type: 'string' }, resendInSeconds } },
    rateLimit: rateLimit(5),
    audit: 'account.signup.request',
    async handler({ body, t }) {
      const email = normaliseEmail(body.email);
      if (!EMAIL_PATTERN.test(email)) throw HttpError.badRequest('account.server.errors.emailInvalid', 'email');
      if (body.password.length < MIN_PASSWORD_LENGTH) {
        throw HttpError.badRequest('account.server.errors.passwordTooShort', 'password');
      }
      if (await accountExists(users, email)) throw HttpError.conflict('account.server.errors.accountExists', 'email');
      // One code per e-mail every 30 seconds, however many sign-ups are started for it.
      const [recent] = await db
        .select({ cooldownLeft })
        .from(signups)
        .where(and(eq(signups.email, email), isNull(signups.completedAt)))
        .orderBy(desc(signups.codeSentAt))
        .limit(1);
      if (recent && recent.cooldownLeft > 0) {
        throw new HttpError(429, 'account.server.errors.resendCooldown', { seconds: recent.cooldownLeft });
      }
      const token = newToken();
      const code = newCode();
      await db.insert(signups).values({
        tokenHash: tokenDigest(token),
        email,
        passwordHash: await users.hashPassword(body.password),
        codeHash: codes.digest(tokenDigest(token), code),
        codeExpiresAt: codeExpiry(),
        expiresAt: sql`now() + make_interval(hours => ${PENDING_SIGNUP_HOURS}::int)`,
      });
      await sendCode(email, code, t);
      return { token, resendInSeconds: RESEND_COOLDOWN_SECONDS };
    },
  });

  const checkToken = defineRoute<unknown, unknown, TokenParams, false>({
    method: 'GET',
    url: '/otp/verify-token/:token',
    summary:
      'The e-mail of a pending sign-up, when its code expires and how soon another may be sent; 404 for an unknown or ' +
      'finished one',
    auth: false,
    licence: 'sign-up',
    params: TokenParams,
    response: {
      type: 'object',
      properties: { email: { type: 'string' }, expiresAt: { type: 'string', format: 'date-time' }, resendInSeconds },
    },
    rateLimit: rateLimit(30),
    async handler({ params }) {
      const pending = await byToken(params.token);
      if (!pending) throw HttpError.notFound('account.server.errors.signupTokenInvalid');
      return {
        email: pending.signup.email,
        expiresAt: pending.signup.codeExpiresAt.toISOString(),
        resendInSeconds: pending.cooldownLeft,
      };
    },
  });

  const verify = defineRoute<SignupOtpVerifyInput, unknown, unknown, false>({
    method: 'POST',
    url: '/otp/signup/verify',
    summary:
      'Check the e-mailed code of a pending sign-up; the e-mail is then verified, and the answer carries the proof ' +
      'the company step must send',
    auth: false,
    licence: 'sign-up',
    body: SignupOtpVerifyInput,
    response: {
      type: 'object',
      properties: {
        success: { type: 'boolean' },
        message: { type: 'string' },
        proof: { type: 'string', description: 'Sent with the company information; answered once' },
      },
    },
    rateLimit: rateLimit(20),
    audit: 'account.signup.verify',
    async handler({ body, request, reply, t }) {
      const email = normaliseEmail(body.email);
      const pending = await byToken(body.token);
      if (!pending || pending.signup.email !== email) {
        throw HttpError.badRequest('account.server.errors.verificationFailed');
      }
      const { signup } = pending;
      // The proof is answered once: verifying again gives none, since it would need no code.
      if (signup.verifiedAt) throw HttpError.badRequest('account.server.errors.alreadyVerified');
      const wait = await codeThrottle.wait(email, request.ip);
      if (wait > 0) throw throttledError(reply, wait);
      if (!signup.codeHash || signup.tries >= MAX_CODE_TRIES) {
        throw HttpError.badRequest('account.server.errors.tooManyTries', 'pinCode');
      }
      if (pending.codeExpired) throw HttpError.badRequest('account.server.errors.codeExpired', 'pinCode');
      if (!codes.matches(signup.codeHash, signup.tokenHash, body.pinCode)) {
        await db
          .update(signups)
          .set({ tries: sql`${signups.tries} + 1` })
          .where(eq(signups.id, signup.id));
        await codeThrottle.recordFailure(email, request.ip);
        const last = signup.tries + 1 >= MAX_CODE_TRIES;
        throw HttpError.badRequest(last ? 'account.server.errors.tooManyTries' : 'account.server.errors.codeInvalid', 'pinCode');
      }
      const proof = newToken();
      const [verified] = await db
        .update(signups)
        .set({ verifiedAt: sql`now()`, codeHash: null, proofHash: tokenDigest(proof) })
        .where(and(eq(signups.id, signup.id), isNull(signups.verifiedAt)))
        .returning({ id: signups.id });
      if (!verified) throw HttpError.badRequest('account.server.errors.alreadyVerified');
      return { success: true, message: t('account.server.messages.emailVerified'), proof };
    },
  });

  const resend = defineRoute<SignupOtpResendInput, unknown, unknown, false>({
    method: 'POST',
    url: '/otp/signup/resend',
    summary:
      'E-mail a new code for a pending sign-up (not within 30 s of the last); answers its validity in minutes and ' +
      'when the next may be sent',
    auth: false,
    licence: 'sign-up',
    body: SignupOtpResendInput,
    response: { type: 'object', properties: { validMinutes: { type: 'integer' }, resendInSeconds } },
    rateLimit: rateLimit(10),
    audit: 'account.signup.resend',
    async handler({ body, t }) {
      const email = normaliseEmail(body.email);
      let pending = body.token ? await byToken(body.token) : null;
      if (!body.token) {
        const [newest] = await db
          .select({ tokenHash: signups.tokenHash })
          .from(signups)
          .where(and(eq(signups.email, email), isNull(signups.completedAt), gt(signups.expiresAt, sql`now()`)))
          .orderBy(desc(signups.createdAt))
          .limit(1);
        const [row] = newest
          ? await db
              .select({ signup: signups, codeExpired: sql<boolean>`${signups.codeExpiresAt} <= now()`, cooldownLeft })
              .from(signups)
              .where(eq(signups.tokenHash, newest.tokenHash))
          : [];
        pending = row ?? null;
      }
      if (!pending || pending.signup.email !== email) throw HttpError.badRequest('account.server.errors.verificationFailed');
      if (pending.signup.verifiedAt) throw HttpError.badRequest('account.server.errors.alreadyVerified');
      if (pending.cooldownLeft > 0) {
        throw new HttpError(429, 'account.server.errors.resendCooldown', { seconds: pending.cooldownLeft });
      }
      const code = newCode();
      await db
        .update(signups)
        .set({
          codeHash: codes.digest(pending.signup.tokenHash, code),
          codeExpiresAt: codeExpiry(),
          codeSentAt: sql`now()`,
          tries: 0,
        })
        .where(eq(signups.id, pending.signup.id));
      await sendCode(email, code, t);
      return { validMinutes: validMinutes(), resendInSeconds: RESEND_COOLDOWN_SECONDS };
    },
  });

  /**
   * Creates the organisation and its first user from a verified pending sign-up, named by the proof its verify step
   * answered: knowing the e-mail is not enough.
   */
  const complete = async (body: CompleteSignupInput, t: Translate) => {
    const email = normaliseEmail(body.email);
    const [signup] = await db
      .select()
      .from(signups)
      .where(
        and(
          eq(signups.proofHash, tokenDigest(body.proof)),
          isNotNull(signups.verifiedAt),
          isNull(signups.completedAt),
          gt(signups.expiresAt, sql`now()`),
        ),
      )
      .limit(1);
    if (!signup || signup.email !== email) throw new HttpError(403, 'account.server.errors.emailNotVerified', {}, 'proof');
    if (await accountExists(users, email)) throw HttpError.conflict('account.server.errors.accountExists', 'email');

    const level = levelForRole(body.companyRole);
    const company = body.companyName.trim();
    // An end user's company becomes an end customer of the operator; its users see that customer's applications.
    const endCustomer = level === 'end-customer' ? await endCustomers.create(company, null) : null;
    await db.transaction(async (tx) => {
      const [claimed] = await tx
        .update(signups)
        .set({ completedAt: sql`now()` })
        .where(and(eq(signups.id, signup.id), isNull(signups.completedAt)))
        .returning({ id: signups.id });
      if (!claimed) throw HttpError.conflict('account.server.errors.accountExists', 'email');
      const { id: organisationId } = await organisations.create(
        { name: company, size: body.companySize, role: body.companyRole, endCustomerId: endCustomer?.id ?? null },
        tx,
      );
      const group = await users.createGroup(
        level === 'si-customer'
          ? { name: t('account.server.groups.companyAdmin', { company }), permissions: COMPANY_ADMIN_PERMISSIONS, organisationId }
          : { name: t('account.server.groups.endCustomer', { company }), permissions: END_CUSTOMER_PERMISSIONS },
        tx,
      );
      await users
        .createUser(
          {
            username: email,
            passwordHash: signup.passwordHash,
            email,
            level,
            groupId: group.id,
            organisationId: level === 'si-customer' ? organisationId : null,
            endCustomerId: endCustomer?.id ?? null,
          },
          tx,
        )
        .catch((error: unknown) => {
          if (error instanceof HttpError && error.statusCode === 409) {
            throw HttpError.conflict('account.server.errors.accountExists', 'email');
          }
          throw error;
        });
    });
    return { success: true, message: t('account.server.messages.accountCreated') };
  };

  const completeRoute = (url: string) =>
    defineRoute<CompleteSignupInput, unknown, unknown, false>({
      method: 'POST',
      url,
      errors: [403, 409],
      summary:
        'Create the organisation and its first user (username = e-mail) from a verified sign-up, named by the proof ' +
        'its verify step answered; the role gives the level',
      auth: false,
      licence: 'sign-up',
      body: CompleteSignupInput,
      response: { type: 'object', properties: { success: { type: 'boolean' }, message: { type: 'string' } } },
      rateLimit: rateLimit(10),
      audit: 'account.signup.complete',
      handler: ({ body, t }) => complete(body, t),
    });

  return [
    availability,
    requestOtp,
    checkToken,
    verify,
    resend,
    completeRoute('/user/complete-signup'),
    completeRoute('/user/create'),
  ];
}

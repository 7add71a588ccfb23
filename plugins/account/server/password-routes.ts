import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { defineRoute, HttpError } from '@sensorium/core/server';
import {
  EMAIL_PATTERN,
  ForgotPasswordInput,
  MIN_PASSWORD_LENGTH,
  normaliseEmail,
  ResetPasswordInput,
  TokenParams,
} from '../common';
import { newToken, tokenDigest } from './codes';
import { passwordResets } from './schema';
import type { AccountServices } from './signup-routes';

const rateLimit = (max: number) => ({ max, timeWindowMs: 60_000 });

/** Forgot and reset password (spec §7 User): an e-mailed link with a single-use token. */
export function passwordRoutes(services: AccountServices) {
  const { db, mailer, settings, config, users, sessions } = services;

  /** Finds the account and e-mails the link; runs after the answer so its timing does not tell whether the account exists. */
  const sendResetLink = async (address: string, t: (key: string, params?: Record<string, string | number>) => string) => {
    const user = await users.findByUsernameOrEmail(address, { enabledOnly: true });
    const recipient = user?.email ?? (user && EMAIL_PATTERN.test(user.username) ? user.username : null);
    if (!user || !recipient) return;
    const token = newToken();
    await db.insert(passwordResets).values({
      tokenHash: tokenDigest(token),
      userId: user.id,
      email: normaliseEmail(recipient),
      expiresAt: sql`now() + make_interval(mins => ${config.resetTokenMinutes}::int)`,
    });
    const link = `${settings.publicUrl()}/auth/forgot-password/reset?token=${encodeURIComponent(token)}`;
    const body = t('account.server.mail.resetText', { username: user.username, minutes: config.resetTokenMinutes, link });
    await mailer.send({
      to: recipient,
      subject: t('account.server.mail.resetSubject'),
      text: settings.supportEmail ? `${body}\n\n${t('account.server.mail.support', { email: settings.supportEmail })}` : body,
    });
  };

  const forgot = defineRoute<ForgotPasswordInput, unknown, unknown, false>({
    method: 'POST',
    url: '/user/forgot-password',
    summary:
      'E-mail a password-reset link when an account has this e-mail; always answers success (no account enumeration) ' +
      'and how many minutes a link is valid',
    auth: false,
    body: ForgotPasswordInput,
    response: { type: 'object', properties: { success: { type: 'boolean' }, validMinutes: { type: 'integer' } } },
    rateLimit: rateLimit(5),
    audit: 'account.password.forgot',
    handler({ body, t, request }) {
      const address = normaliseEmail(body.email);
      void sendResetLink(address, t).catch((error: unknown) =>
        request.log.error({ err: error }, 'password-reset e-mail not written'),
      );
      // The same for every address, so it tells nothing about the account; the e-mail-sent page shows it.
      return { success: true, validMinutes: config.resetTokenMinutes };
    },
  });

  /** The unused, unexpired reset of a token, with its account still enabled. */
  const validReset = async (token: string) => {
    const [row] = await db
      .select({ email: passwordResets.email, userId: passwordResets.userId })
      .from(passwordResets)
      .where(
        and(
          eq(passwordResets.tokenHash, tokenDigest(token)),
          isNull(passwordResets.usedAt),
          gt(passwordResets.expiresAt, sql`now()`),
        ),
      )
      .limit(1);
    // findSessionUser answers only enabled accounts.
    return row && (await users.findSessionUser(row.userId)) ? row : null;
  };

  const checkToken = defineRoute<unknown, unknown, TokenParams, false>({
    method: 'GET',
    url: '/user/verify-token/:token',
    summary: 'Whether a password-reset link is still valid, and the e-mail it was sent to',
    auth: false,
    params: TokenParams,
    response: { type: 'object', properties: { isValid: { type: 'boolean' }, email: { type: 'string' } } },
    rateLimit: rateLimit(30),
    async handler({ params }) {
      const reset = await validReset(params.token);
      return reset ? { isValid: true, email: reset.email } : { isValid: false, email: '' };
    },
  });

  const reset = defineRoute<ResetPasswordInput, unknown, unknown, false>({
    method: 'POST',
    url: '/user/reset-password',
    summary: 'Set a new password with a reset link; the link then stops working and every session of the user ends',
    auth: false,
    body: ResetPasswordInput,
    response: { type: 'object', properties: { success: { type: 'boolean' } } },
    rateLimit: rateLimit(10),
    audit: 'account.password.reset',
    async handler({ body }) {
      if (body.newPassword.length < MIN_PASSWORD_LENGTH) {
        throw HttpError.badRequest('account.server.errors.passwordTooShort', 'newPassword');
      }
      const valid = await validReset(body.token);
      if (!valid || valid.email !== normaliseEmail(body.email))
        throw HttpError.badRequest('account.server.errors.resetLinkInvalid');
      // Single use: only the call that marks the token used goes on.
      const [used] = await db
        .update(passwordResets)
        .set({ usedAt: sql`now()` })
        .where(and(eq(passwordResets.tokenHash, tokenDigest(body.token)), isNull(passwordResets.usedAt)))
        .returning({ userId: passwordResets.userId });
      if (!used) throw HttpError.badRequest('account.server.errors.resetLinkInvalid');
      await users.setPassword(used.userId, body.newPassword);
      await db
        .update(passwordResets)
        .set({ usedAt: sql`now()` })
        .where(and(eq(passwordResets.userId, used.userId), isNull(passwordResets.usedAt)));
      await sessions.revokeAllSessions(used.userId);
      return { success: true };
    },
  });

  return [forgot, checkToken, reset];
}

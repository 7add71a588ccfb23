import { createHash, createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { HttpError, type Database, type Mailer } from '@sensorium/core/server';
import { loginChallenges, users } from '../db/schema';
import { sameUsername } from './user-directory';

/** How long after a correct password the one-time code may be requested and verified. */
export const PENDING_LOGIN_MINUTES = 10;
/** The server refuses a new code this soon after the last one. */
export const RESEND_COOLDOWN_SECONDS = 30;
/** Wrong codes allowed before the code stops working. */
export const MAX_CODE_TRIES = 5;
export const CODE_LENGTH = 6;

export interface OtpChannel {
  channelName: 'email';
  channelContact: string;
}

/** A six-digit code from the CSPRNG. */
export function newOneTimeCode(): string {
  return String(randomInt(0, 10 ** CODE_LENGTH)).padStart(CODE_LENGTH, '0');
}

/** `alice@example.com` → `a***e@example.com`: enough for the user to recognise the address, not to learn it. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 1) return '***';
  const local = email.slice(0, at);
  const shown = local.length <= 2 ? `${local[0]}***` : `${local[0]}***${local.at(-1)}`;
  return `${shown}${email.slice(at)}`;
}

/** The row of one pending login: one per user and address. */
const thisChallenge = (pending: { userId: string; challenge: { address: string } }) =>
  and(eq(loginChallenges.userId, pending.userId), eq(loginChallenges.address, pending.challenge.address));

export interface Translate {
  (key: string, params?: Record<string, string | number>): string;
}

/**
 * The e-mail second factor at login. A correct password for a user with otp_enabled opens a pending login
 * (`login_challenges`, 10 minutes) for the address that gave it; from that address the user then asks for a code on a
 * channel and verifies it. Codes are kept as an HMAC under a server secret, used once, refused after 5 wrong tries and
 * after their validity. Wrong codes across codes are slowed by the LoginThrottle, from the audit trail.
 */
export class SecondFactor {
  private readonly key: Buffer;

  constructor(
    private readonly db: Database,
    private readonly mailer: Mailer,
    secret: string,
    private readonly validMinutes: number,
  ) {
    this.key = createHash('sha256').update(`sensorium second factor\n${secret}`).digest();
  }

  private digest(userId: string, code: string): string {
    return createHmac('sha256', this.key).update(`${userId}:${code}`).digest('hex');
  }

  /** Whether the user needs a second factor, and over which channels it can be sent. */
  async requirement(userId: string): Promise<{ required: boolean; channels: OtpChannel[] }> {
    const [row] = await this.db
      .select({ otpEnabled: users.otpEnabled, email: users.email })
      .from(users)
      .where(eq(users.id, userId))
      .limit(1);
    if (!row?.otpEnabled) return { required: false, channels: [] };
    const channels: OtpChannel[] = row.email ? [{ channelName: 'email', channelContact: maskEmail(row.email) }] : [];
    return { required: true, channels };
  }

  /** Opens (or restarts) the pending login after a correct password from `address`. */
  async begin(userId: string, rememberMe: boolean, address: string): Promise<void> {
    const values = {
      rememberMe,
      address,
      expiresAt: sql`now() + make_interval(mins => ${PENDING_LOGIN_MINUTES}::int)`,
      channel: null,
      codeHash: null,
      codeExpiresAt: null,
      codeSentAt: null,
      tries: 0,
    };
    await this.db
      .insert(loginChallenges)
      .values({ userId, ...values })
      .onConflictDoUpdate({ target: [loginChallenges.userId, loginChallenges.address], set: values });
  }

  /** The open pending login of this username from this address: another address cannot spend its code tries. */
  private async pending(username: string, address: string) {
    const [row] = await this.db
      .select({
        userId: users.id,
        email: users.email,
        disabled: users.disabled,
        challenge: loginChallenges,
        expired: sql<boolean>`${loginChallenges.expiresAt} <= now()`,
        codeExpired: sql<boolean>`coalesce(${loginChallenges.codeExpiresAt} <= now(), true)`,
        cooldownLeft: sql<number>`coalesce(ceil(extract(epoch from (${loginChallenges.codeSentAt}
          + make_interval(secs => ${RESEND_COOLDOWN_SECONDS}::int) - now()))), 0)::int`,
      })
      .from(loginChallenges)
      .innerJoin(users, eq(users.id, loginChallenges.userId))
      .where(and(sameUsername(username), eq(loginChallenges.address, address)))
      .limit(1);
    if (!row || row.expired || row.disabled) throw HttpError.badRequest('auth.errors.noPendingLogin');
    return row;
  }

  /** Sends a new code on the channel; 429 inside the resend cooldown. */
  async request(
    username: string,
    address: string,
    channelName: string,
    t: Translate,
  ): Promise<{ channelName: string; channelContact: string; validMinutes: number }> {
    const pending = await this.pending(username, address);
    if (channelName !== 'email' || !pending.email) throw HttpError.badRequest('auth.errors.channelUnavailable', 'channelName');
    if (pending.cooldownLeft > 0) throw new HttpError(429, 'auth.errors.otpCooldown', { seconds: pending.cooldownLeft });
    const code = newOneTimeCode();
    await this.db
      .update(loginChallenges)
      .set({
        channel: channelName,
        codeHash: this.digest(pending.userId, code),
        codeExpiresAt: sql`now() + make_interval(mins => ${this.validMinutes}::int)`,
        codeSentAt: sql`now()`,
        tries: 0,
      })
      .where(thisChallenge(pending));
    await this.mailer.send({
      to: pending.email,
      subject: t('auth.mail.loginCodeSubject'),
      text: t('auth.mail.loginCodeText', { code, minutes: this.validMinutes }),
    });
    return { channelName, channelContact: maskEmail(pending.email), validMinutes: this.validMinutes };
  }

  /**
   * Checks the code. Success ends the pending login and answers who logs in; a failure throws (400) after counting
   * the try. `onFailure` learns the reason, for the audit trail.
   */
  async verify(
    username: string,
    address: string,
    channelName: string,
    code: string,
    onFailure: (userId: string | null, reason: string) => Promise<void>,
  ): Promise<{ userId: string; rememberMe: boolean }> {
    let pending: Awaited<ReturnType<SecondFactor['pending']>>;
    try {
      pending = await this.pending(username, address);
    } catch (error) {
      await onFailure(null, 'otp-no-pending-login');
      throw error;
    }
    const { challenge } = pending;
    const fail = async (reason: string, key: string) => {
      await onFailure(pending.userId, reason);
      return HttpError.badRequest(key, 'token');
    };
    if (!challenge.codeHash || challenge.channel !== channelName)
      throw await fail('otp-not-requested', 'auth.errors.otpNotRequested');
    if (challenge.tries >= MAX_CODE_TRIES) throw await fail('otp-too-many-tries', 'auth.errors.otpTooManyTries');
    if (pending.codeExpired) throw await fail('otp-expired', 'auth.errors.otpExpired');
    const expected = Buffer.from(challenge.codeHash, 'hex');
    const given = Buffer.from(this.digest(pending.userId, code.trim()), 'hex');
    if (!timingSafeEqual(expected, given)) {
      await this.db
        .update(loginChallenges)
        .set({ tries: sql`${loginChallenges.tries} + 1` })
        .where(thisChallenge(pending));
      const last = challenge.tries + 1 >= MAX_CODE_TRIES;
      throw await fail('otp', last ? 'auth.errors.otpTooManyTries' : 'auth.errors.otpInvalid');
    }
    // Single use: only the request that deletes the challenge logs in.
    const [used] = await this.db
      .delete(loginChallenges)
      .where(thisChallenge(pending))
      .returning({ rememberMe: loginChallenges.rememberMe, codeHash: loginChallenges.codeHash });
    if (!used || used.codeHash !== challenge.codeHash) throw await fail('otp-not-requested', 'auth.errors.otpNotRequested');
    return { userId: pending.userId, rememberMe: used.rememberMe };
  }
}

import { and, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DatabaseToken } from '@sensorium/core/server';
import { auditRecords, users } from '../db/schema';
import { databaseBackends, startSmtpSink, startTestServer, type SmtpSink, type TestServer } from '../testing';
import { maskEmail } from './second-factor';

const codeIn = (text: string) => /\b(\d{6})\b/.exec(text)?.[1] ?? '';

describe('maskEmail', () => {
  it('keeps the first and last letter of the name and the domain', () => {
    expect(maskEmail('alice@example.com')).toBe('a***e@example.com');
    expect(maskEmail('al@example.com')).toBe('a***@example.com');
  });
});

// Logins are limited to 20 a minute per address; this file stays below that.
describe.each(databaseBackends())('login with the e-mail second factor on %s', (backend) => {
  let server: TestServer;
  let sink: SmtpSink;
  const db = () => server.running.container.resolve(DatabaseToken);
  const login = (username: string, password: string, rememberMe = false) =>
    server.request('POST', '/api/auth/login', { body: { username, password, rememberMe } });
  const requestCode = (username: string, channelName = 'email') =>
    server.request('POST', '/api/auth/otp/request', { body: { username, channelName } });
  const verify = (username: string, token: string, channelName = 'email') =>
    server.request('POST', '/api/auth/otp/verify', { body: { username, channelName, token } });
  const lastAudit = async (username: string) =>
    (
      await db()
        .select()
        .from(auditRecords)
        .where(and(eq(auditRecords.action, 'auth.login'), eq(auditRecords.target, username)))
        .orderBy(desc(auditRecords.id))
        .limit(1)
    )[0];
  const withSecondFactor = async (username: string, email: string | null) => {
    await server.createUser({ username, password: 'second-factor-pw', permissions: ['dashboard'] });
    await db().update(users).set({ otpEnabled: true, email }).where(eq(users.username, username));
  };

  beforeAll(async () => {
    sink = await startSmtpSink();
    server = await startTestServer({ backend, smtpUrl: sink.url });
    await withSecondFactor('otp-user', 'otp.user@example.com');
    await withSecondFactor('otp-wrong', 'otp.wrong@example.com');
    await withSecondFactor('otp-no-mail', null);
  });
  afterAll(async () => {
    await server?.close();
    await sink?.close();
  });

  it('answers a user without a second factor with tokens and the default page', async () => {
    const response = await login('admin', 'test-admin-password');
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ token_type: 'Bearer', loginInfo: { defaultPage: '/home' } });
    expect(response.body.otpFlag).toBeUndefined();
  });

  it('asks for the second factor, mails a code and logs in with it', async () => {
    const first = await login('otp-user', 'second-factor-pw', true);
    expect(first.status).toBe(200);
    expect(first.body).toEqual({
      otpFlag: true,
      otpInfo: { channels: [{ channelName: 'email', channelContact: 'o***r@example.com' }] },
    });
    expect(first.body.access_token).toBeUndefined();

    const sent = await requestCode('otp-user');
    expect(sent.status).toBe(200);
    expect(sent.body).toEqual({ channelName: 'email', channelContact: 'o***r@example.com', validMinutes: 15 });
    expect(sent.headers['x-ratelimit-limit']).toBe('10');
    const mail = await sink.waitForMessage('otp.user@example.com');
    expect(mail.subject).toBe('Your sign-in verification code');
    const code = codeIn(mail.text);
    expect(code).toMatch(/^\d{6}$/);

    const again = await server.request('POST', '/api/auth/otp/request', {
      body: { username: 'otp-user', channelName: 'email' },
      headers: { 'accept-language': 'zh-HK' },
    });
    expect(again.status).toBe(429);
    expect(again.body.message).toMatch(/^請等候 \d+ 秒後再索取驗證碼。$/);

    const wrongCode = code === '000000' ? '111111' : '000000';
    const wrong = await verify('otp-user', wrongCode);
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe('Invalid verification code');
    expect(wrong.headers['x-ratelimit-limit']).toBe('20');
    expect(await lastAudit('otp-user')).toMatchObject({ outcome: 'failure', detail: { reason: 'otp' } });

    const verified = await verify('otp-user', code);
    expect(verified.status).toBe(200);
    expect(verified.body).toMatchObject({ token_type: 'Bearer', loginInfo: { defaultPage: '/home' } });
    const me = await server.request('GET', '/api/auth/me', { token: verified.body.access_token });
    expect(me.body.username).toBe('otp-user');
    expect(await lastAudit('otp-user')).toMatchObject({ outcome: 'success', detail: { secondFactor: 'email' } });

    // Used once: the same code no longer logs in.
    const reused = await verify('otp-user', code);
    expect(reused.status).toBe(400);
    expect(reused.body.code).toBe('auth.errors.noPendingLogin');
  });

  it('stops accepting a code after five wrong tries, and refuses an expired one', async () => {
    expect((await login('otp-wrong', 'second-factor-pw')).body.otpFlag).toBe(true);
    expect((await requestCode('otp-wrong')).status).toBe(200);
    const code = codeIn((await sink.waitForMessage('otp.wrong@example.com')).text);
    const wrongCode = code === '999999' ? '888888' : '999999';
    const answers = [];
    for (let attempt = 0; attempt < 5; attempt++) answers.push(await verify('otp-wrong', wrongCode));
    expect(answers.map((answer) => answer.status)).toEqual([400, 400, 400, 400, 400]);
    expect(answers.at(-1)!.body.message).toBe('Too many wrong codes. Please request a new code.');

    // A new code (after the cooldown, and after the throttle's wait) works again, unless it has expired.
    await db().execute(sql`UPDATE login_challenges SET code_sent_at = now() - interval '1 minute'`);
    await db().execute(sql`UPDATE audit_records SET at = at - interval '1 minute' WHERE target = 'otp-wrong'`);
    expect((await requestCode('otp-wrong')).status).toBe(200);
    const fresh = codeIn((await sink.waitForMessage('otp.wrong@example.com')).text);
    await db().execute(sql`UPDATE login_challenges SET code_expires_at = now() - interval '1 second'`);
    const expired = await verify('otp-wrong', fresh);
    expect(expired.status).toBe(400);
    expect(expired.body.message).toBe('The verification code has expired. Please request a new code.');
  });

  it('counts wrong codes across new codes: after five even the right one waits, with Retry-After', async () => {
    await withSecondFactor('otp-guessed', 'otp.guessed@example.com');
    expect((await login('otp-guessed', 'second-factor-pw')).body.otpFlag).toBe(true);
    expect((await requestCode('otp-guessed')).status).toBe(200);
    const first = codeIn((await sink.waitForMessage('otp.guessed@example.com')).text);
    for (let attempt = 0; attempt < 5; attempt++) await verify('otp-guessed', first === '999999' ? '888888' : '999999');

    await db().execute(sql`UPDATE login_challenges SET code_sent_at = now() - interval '1 minute'`);
    expect((await requestCode('otp-guessed')).status).toBe(200);
    const second = codeIn((await sink.waitForMessage('otp.guessed@example.com')).text);
    const refused = await verify('otp-guessed', second);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(29);
    expect(refused.body.message).toMatch(/^Too many failed attempts\. Please try again in (29|30) seconds\.$/);
    expect(await lastAudit('otp-guessed')).toMatchObject({ outcome: 'failure', detail: { reason: 'throttled' } });

    await db().execute(sql`UPDATE audit_records SET at = at - interval '30 seconds' WHERE target = 'otp-guessed'`);
    expect((await verify('otp-guessed', second)).status).toBe(200);
  });

  it("binds the pending login to its address: an attacker's code guesses elsewhere do not lock the owner out", async () => {
    await withSecondFactor('otp-owner', 'otp.owner@example.com');
    const from = (address: string) => async (url: string, payload: Record<string, string>) => {
      const response = await server.running.app.inject({
        method: 'POST',
        url: `/api/auth/${url}`,
        remoteAddress: address,
        payload,
      });
      return { status: response.statusCode, body: response.json() };
    };
    const attacker = from('198.51.100.7');
    const owner = from('203.0.113.9');

    // The owner gave the password at home; nobody else can spend that pending login's tries.
    expect((await owner('login', { username: 'otp-owner', password: 'second-factor-pw' })).body.otpFlag).toBe(true);
    expect((await owner('otp/request', { username: 'otp-owner', channelName: 'email' })).status).toBe(200);
    const code = codeIn((await sink.waitForMessage('otp.owner@example.com')).text);
    const stranger = await attacker('otp/verify', { username: 'otp-owner', channelName: 'email', token: code });
    expect(stranger.body.code).toBe('auth.errors.noPendingLogin');

    // An attacker holding the password guesses codes from its own address until it is slowed down.
    expect((await attacker('login', { username: 'otp-owner', password: 'second-factor-pw' })).body.otpFlag).toBe(true);
    expect((await attacker('otp/request', { username: 'otp-owner', channelName: 'email' })).status).toBe(200);
    const guess = { username: 'otp-owner', channelName: 'email', token: code === '999999' ? '888888' : '999999' };
    for (let attempt = 0; attempt < 5; attempt++) expect((await attacker('otp/verify', guess)).status).toBe(400);
    expect((await attacker('otp/verify', guess)).status).toBe(429);

    // The owner's pending login and code are untouched by all that.
    const signedIn = await owner('otp/verify', { username: 'otp-owner', channelName: 'email', token: code });
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.token_type).toBe('Bearer');
  });

  it('refuses a code request or a verify without a pending login', async () => {
    const request = await requestCode('admin');
    expect(request.status).toBe(400);
    expect(request.body.message).toBe('Please sign in with your username and password first.');
    const verifyAnswer = await verify('nobody', '123456');
    expect(verifyAnswer.status).toBe(400);
    expect(verifyAnswer.body.code).toBe('auth.errors.noPendingLogin');
    expect(await lastAudit('nobody')).toMatchObject({ outcome: 'failure', detail: { reason: 'otp-no-pending-login' } });
  });

  it('answers no channel for a second-factor user without an e-mail address', async () => {
    const response = await login('otp-no-mail', 'second-factor-pw');
    expect(response.body).toEqual({ otpFlag: true, otpInfo: { channels: [] } });
    expect((await requestCode('otp-no-mail')).status).toBe(400);
  });

  it('refuses a channel the user does not have', async () => {
    expect((await login('otp-user', 'second-factor-pw')).body.otpFlag).toBe(true);
    const response = await requestCode('otp-user', 'sms');
    expect(response.status).toBe(400);
    expect(response.body.message).toBe('This channel is not available for your account.');
  });
});

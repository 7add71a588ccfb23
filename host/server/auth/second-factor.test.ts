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
    const right = await verify('otp-wrong', code);
    expect(right.status).toBe(400);
    expect(right.body.code).toBe('auth.errors.otpTooManyTries');

    // A new code (after the cooldown) works again, unless it has expired.
    await db().execute(sql`UPDATE login_challenges SET code_sent_at = now() - interval '1 minute'`);
    expect((await requestCode('otp-wrong')).status).toBe(200);
    const fresh = codeIn((await sink.waitForMessage('otp.wrong@example.com')).text);
    await db().execute(sql`UPDATE login_challenges SET code_expires_at = now() - interval '1 second'`);
    const expired = await verify('otp-wrong', fresh);
    expect(expired.status).toBe(400);
    expect(expired.body.message).toBe('The verification code has expired. Please request a new code.');
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

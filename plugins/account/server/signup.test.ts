import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DatabaseToken } from '@sensorium/core/server';
import { databaseBackends, startSmtpSink, startTestServer, type SmtpSink, type TestServer } from '../../../host/server/testing';
import applications from '../../applications/server';
import account from './index';

const codeIn = (text: string) => /\b(\d{6})\b/.exec(text)?.[1] ?? '';
const otherCode = (code: string) => (code === '000000' ? '111111' : '000000');

// Sign-up requests are limited to 5 a minute per address: this file makes 4.
describe.each(databaseBackends())('sign-up with e-mail verification on %s', (backend) => {
  let server: TestServer;
  let sink: SmtpSink;
  const db = () => server.running.container.resolve(DatabaseToken);
  const rows = async (query: SQL) => ((await db().execute(query)) as unknown as { rows: Record<string, unknown>[] }).rows;
  const post = (path: string, body: unknown, language?: string) =>
    server.request('POST', `/api${path}`, { body, headers: language ? { 'accept-language': language } : {} });

  /** Starts a sign-up and reads the code from the e-mail it sends. */
  const startSignup = async (email: string, password = 'a-good-password') => {
    const response = await post('/otp/signup/request', { email, password, purpose: 'signup' });
    expect(response.status).toBe(200);
    expect(response.headers['x-ratelimit-limit']).toBe('5');
    const mail = await sink.waitForMessage(email);
    return { token: response.body.token as string, code: codeIn(mail.text), mail };
  };
  const verify = (email: string, token: string, pinCode: string) => post('/otp/signup/verify', { email, token, pinCode });
  const complete = (email: string, companyRole: string, companyName = 'Acme') =>
    post('/user/complete-signup', { email, companyName, companySize: 'size_10_49', companyRole, level: 'ignored' });

  beforeAll(async () => {
    sink = await startSmtpSink();
    server = await startTestServer({ backend, smtpUrl: sink.url, plugins: [applications, account] });
  });
  afterAll(async () => {
    await server?.close();
    await sink?.close();
  });

  it('signs up an integrator: code by e-mail, resend cooldown, verify, company, then login as si-customer', async () => {
    const email = 'Integrator@Example.com';
    const { token, code, mail } = await startSignup(email);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(mail.subject).toBe('Your verification code');
    expect(mail.text).toContain('valid for 15 minutes');
    expect(code).toMatch(/^\d{6}$/);

    const check = await server.request('GET', `/api/otp/verify-token/${token}`);
    expect(check.status).toBe(200);
    expect(check.body.email).toBe('integrator@example.com');
    const secondsLeft = (Date.parse(check.body.expiresAt) - Date.now()) / 1000;
    expect(secondsLeft).toBeGreaterThan(14 * 60);
    expect(secondsLeft).toBeLessThanOrEqual(15 * 60);

    const tooSoon = await post('/otp/signup/resend', { email, token }, 'zh-CN');
    expect(tooSoon.status).toBe(429);
    expect(tooSoon.body.message).toMatch(/^请等待 (30|29|28) 秒后再获取验证码。$/);

    // After the cooldown a new code replaces the old one.
    await db().execute(sql`UPDATE account_signups SET code_sent_at = now() - interval '31 seconds'`);
    const resent = await post('/otp/signup/resend', { email, token });
    expect(resent.status).toBe(200);
    expect(resent.body).toEqual({ validMinutes: 15 });
    const newCode = codeIn((await sink.waitForMessage(email)).text);
    if (newCode !== code) expect((await verify(email, token, code)).body.message).toBe('Invalid verification code');

    const verified = await verify(email, token, newCode);
    expect(verified.status).toBe(200);
    expect(verified.body).toEqual({ success: true, message: 'Your email address has been verified.' });

    const created = await complete(email, 'system_integrator', 'Integrators Ltd');
    expect(created.status).toBe(200);
    expect(created.body).toEqual({ success: true, message: 'Your account has been created.' });

    const again = await complete(email, 'system_integrator');
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('An account with this email already exists.');
    expect((await server.request('GET', `/api/otp/verify-token/${token}`)).status).toBe(404);
    const taken = await server.request('GET', '/api/user/usernames/availability?username=INTEGRATOR@example.com');
    expect(taken.body).toEqual({ exists: true });

    const login = await server.login('integrator@example.com', 'a-good-password');
    const me = await server.request('GET', '/api/auth/me', { token: login.access_token });
    expect(me.body).toMatchObject({ username: 'integrator@example.com', level: 'si-customer', endCustomerId: null });
    expect(me.body.permissions).toEqual(
      expect.arrayContaining(['useredit', 'nodemanagement', 'setting', 'eventsetting', 'schedulesetting', 'dashboard']),
    );
    const [organisation] = await rows(sql`SELECT name, size, role FROM organisations WHERE id = ${me.body.organisationId}`);
    expect(organisation).toEqual({ name: 'Integrators Ltd', size: 'size_10_49', role: 'system_integrator' });
  });

  it('signs up an end user as end-customer with an end customer of its own', async () => {
    const email = 'end.user@example.com';
    const { token, code } = await startSignup(email);
    expect((await verify(email, token, code)).status).toBe(200);
    expect(
      (await post('/user/create', { email, companyName: 'Home Owner', companySize: 'size_lt_10', companyRole: 'end_user' }))
        .status,
    ).toBe(200);
    const login = await server.login(email, 'a-good-password');
    const me = await server.request('GET', '/api/auth/me', { token: login.access_token });
    expect(me.body).toMatchObject({ level: 'end-customer', organisationId: null });
    expect(me.body.endCustomerId).toMatch(/^ec_/);
    expect([...me.body.permissions].sort()).toEqual(['dashboard', 'event', 'nodemanagement', 'profileedit']);
    const [customer] = await rows(sql`SELECT name FROM end_customers WHERE id = ${me.body.endCustomerId}`);
    expect(customer).toEqual({ name: 'Home Owner' });
  });

  it('counts wrong codes, refuses the right one after five, and will not create an unverified account', async () => {
    const email = 'clumsy@example.com';
    const { token, code } = await startSignup(email);
    const first = await verify(email, token, otherCode(code));
    expect(first.status).toBe(400);
    expect(first.body).toMatchObject({ message: 'Invalid verification code', field: 'pinCode' });
    for (let attempt = 2; attempt <= 4; attempt++) expect((await verify(email, token, otherCode(code))).status).toBe(400);
    const fifth = await verify(email, token, otherCode(code));
    expect(fifth.body.message).toBe('Too many wrong codes. Please request a new code.');
    const right = await verify(email, token, code);
    expect(right.status).toBe(400);
    expect(right.body.message).toBe('Too many wrong codes. Please request a new code.');

    const unverified = await complete(email, 'org_gov');
    expect(unverified.status).toBe(400);
    expect(unverified.body.message).toBe('Please verify your email before creating your account.');
    const hk = await post(
      '/user/complete-signup',
      { email, companyName: 'A', companySize: 'size_lt_10', companyRole: 'x' },
      'zh-HK',
    );
    expect(hk.body.message).toBe('請先驗證電郵地址，然後再建立帳戶。');
    expect((await verify('someone.else@example.com', token, code)).body.message).toBe(
      'Verification failed. Please check your code or request a new verification.',
    );
  });

  it('refuses an expired code', async () => {
    const email = 'slow@example.com';
    const { token, code } = await startSignup(email);
    await db().execute(sql`UPDATE account_signups SET code_expires_at = now() - interval '1 second' WHERE email = ${email}`);
    const expired = await verify(email, token, code);
    expect(expired.status).toBe(400);
    expect(expired.body.message).toBe('The verification code has expired. Please request a new code.');
    expect((await server.request('GET', `/api/otp/verify-token/${token}`)).status).toBe(200);
  });
});

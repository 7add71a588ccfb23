import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DatabaseToken } from '@sensorium/core/server';
import { databaseBackends, startSmtpSink, startTestServer, type SmtpSink, type TestServer } from '../../../host/server/testing';
import applications from '../../applications/server';
import account from './index';

const codeIn = (text: string) => /\b(\d{6})\b/.exec(text)?.[1] ?? '';
const otherCode = (code: string) => (code === '000000' ? '111111' : '000000');

// Sign-up requests are limited to 5 a minute per address: this file makes 5 from its own; later tests use others.
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
    const { token, resendInSeconds } = response.body as { token: string; resendInSeconds: number };
    return { token, resendInSeconds, code: codeIn(mail.text), mail };
  };
  const verify = (email: string, token: string, pinCode: string) => post('/otp/signup/verify', { email, token, pinCode });
  const complete = (email: string, proof: string | undefined, companyRole: string, companyName = 'Acme') =>
    post('/user/complete-signup', { email, proof, companyName, companySize: 'size_10_49', companyRole, level: 'ignored' });
  /** The same calls from another address (its own rate-limit allowance and throttling counts). */
  const from = (address: string) => async (path: string, body: Record<string, string>) => {
    const response = await server.running.app.inject({
      method: 'POST',
      url: `/api${path}`,
      remoteAddress: address,
      payload: body,
    });
    return { status: response.statusCode, body: response.json(), retryAfter: Number(response.headers['retry-after']) };
  };
  const signupFrom = async (address: string, email: string) => {
    const response = await from(address)('/otp/signup/request', { email, password: 'a-good-password', purpose: 'signup' });
    expect(response.status).toBe(200);
    return { token: response.body.token as string, code: codeIn((await sink.waitForMessage(email)).text) };
  };

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
    const { token, code, mail, resendInSeconds } = await startSignup(email);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(resendInSeconds).toBe(30);
    expect(mail.subject).toBe('Your verification code');
    expect(mail.text).toContain('valid for 15 minutes');
    expect(code).toMatch(/^\d{6}$/);

    const check = await server.request('GET', `/api/otp/verify-token/${token}`);
    expect(check.status).toBe(200);
    expect(check.body.email).toBe('integrator@example.com');
    const secondsLeft = (Date.parse(check.body.expiresAt) - Date.now()) / 1000;
    expect(secondsLeft).toBeGreaterThan(14 * 60);
    expect(secondsLeft).toBeLessThanOrEqual(15 * 60);
    // The page learns the cooldown with the code, so it offers no resend the server would refuse (issue 12 item 13).
    expect(check.body.resendInSeconds).toBeGreaterThanOrEqual(28);
    expect(check.body.resendInSeconds).toBeLessThanOrEqual(30);

    const tooSoon = await post('/otp/signup/resend', { email, token }, 'zh-CN');
    expect(tooSoon.status).toBe(429);
    expect(tooSoon.body.message).toMatch(/^请等待 (30|29|28) 秒后再获取验证码。$/);

    // After the cooldown a new code replaces the old one.
    await db().execute(sql`UPDATE account_signups SET code_sent_at = now() - interval '31 seconds'`);
    expect((await server.request('GET', `/api/otp/verify-token/${token}`)).body.resendInSeconds).toBe(0);
    const resent = await post('/otp/signup/resend', { email, token });
    expect(resent.status).toBe(200);
    expect(resent.body).toEqual({ validMinutes: 15, resendInSeconds: 30 });
    const newCode = codeIn((await sink.waitForMessage(email)).text);
    if (newCode !== code) expect((await verify(email, token, code)).body.message).toBe('Invalid verification code');

    const verified = await verify(email, token, newCode);
    expect(verified.status).toBe(200);
    expect(verified.body).toEqual({
      success: true,
      message: 'Your email address has been verified.',
      proof: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
    });
    const { proof } = verified.body;

    const created = await complete(email, proof, 'system_integrator', 'Integrators Ltd');
    expect(created.status).toBe(200);
    expect(created.body).toEqual({ success: true, message: 'Your account has been created.' });

    // The proof is spent, and a new sign-up for the e-mail is refused.
    expect((await complete(email, proof, 'system_integrator')).status).toBe(403);
    const again = await post('/otp/signup/request', { email, password: 'a-good-password', purpose: 'signup' });
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
    const { proof } = (await verify(email, token, code)).body;
    expect(
      (
        await post('/user/create', {
          email,
          proof,
          companyName: 'Home Owner',
          companySize: 'size_lt_10',
          companyRole: 'end_user',
        })
      ).status,
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
    expect(right.status).toBe(429);
    expect(right.body.message).toMatch(/^Too many failed attempts\. Please try again in (29|30) seconds\.$/);

    const unverified = await complete(email, undefined, 'org_gov');
    expect(unverified.status).toBe(400);
    expect(unverified.body.field).toBe('proof');
    const hk = await post(
      '/user/complete-signup',
      { email, proof: 'made-up', companyName: 'A', companySize: 'size_lt_10', companyRole: 'x' },
      'zh-HK',
    );
    expect(hk.status).toBe(403);
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

  it('counts wrong codes across resends: a new code does not start afresh, and even the right one waits', async () => {
    const address = '198.51.100.40';
    const email = 'guessed@example.com';
    const { token, code } = await signupFrom(address, email);
    for (let attempt = 0; attempt < 5; attempt++) {
      await from(address)('/otp/signup/verify', { email, token, pinCode: otherCode(code) });
    }
    await db().execute(sql`UPDATE account_signups SET code_sent_at = now() - interval '31 seconds' WHERE email = ${email}`);
    expect((await from(address)('/otp/signup/resend', { email, token })).status).toBe(200);
    const fresh = codeIn((await sink.waitForMessage(email)).text);

    const refused = await from(address)('/otp/signup/verify', { email, token, pinCode: fresh });
    expect(refused.status).toBe(429);
    expect(refused.retryAfter).toBeGreaterThanOrEqual(29);
    expect(refused.retryAfter).toBeLessThanOrEqual(30);

    await db().execute(sql`UPDATE account_code_failures SET at = at - interval '30 seconds' WHERE email = ${email}`);
    const verified = await from(address)('/otp/signup/verify', { email, token, pinCode: fresh });
    expect(verified.status).toBe(200);
    // Verified once: verifying again answers no second proof.
    const again = await from(address)('/otp/signup/verify', { email, token, pinCode: fresh });
    expect(again.status).toBe(400);
    expect(again.body.proof).toBeUndefined();
  });

  it("completes a sign-up only with its own verification's proof, not by knowing the e-mail", async () => {
    const address = '198.51.100.50';
    const victim = 'victim@example.com';
    const intruder = 'intruder@example.com';
    const proofOf = async (email: string) => {
      const { token, code } = await signupFrom(address, email);
      return (await from(address)('/otp/signup/verify', { email, token, pinCode: code })).body.proof as string;
    };
    const victimProof = await proofOf(victim);
    const intruderProof = await proofOf(intruder);
    const company = { companyName: 'Intruders', companySize: 'size_lt_10', companyRole: 'system_integrator' };

    const withoutProof = await from(address)('/user/complete-signup', { email: victim, ...company });
    expect(withoutProof.status).toBe(400);
    expect(withoutProof.body.field).toBe('proof');
    const otherProof = await from(address)('/user/complete-signup', { email: victim, proof: intruderProof, ...company });
    expect(otherProof.status).toBe(403);
    expect(otherProof.body.message).toBe('Please verify your email before creating your account.');
    expect(await rows(sql`SELECT 1 FROM users WHERE username = ${victim}`)).toEqual([]);
    expect(await rows(sql`SELECT completed_at FROM account_signups WHERE email = ${victim}`)).toEqual([{ completed_at: null }]);

    const own = await from(address)('/user/create', {
      email: victim,
      proof: victimProof,
      companyName: 'Victim Ltd',
      companySize: 'size_10_49',
      companyRole: 'org_gov',
    });
    expect(own.status).toBe(200);
    expect(await rows(sql`SELECT name FROM organisations WHERE name IN ('Victim Ltd', 'Intruders')`)).toEqual([
      { name: 'Victim Ltd' },
    ]);
  });
});

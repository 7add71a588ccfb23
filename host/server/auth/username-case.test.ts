import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DatabaseToken, UserDirectoryToken } from '@sensorium/core/server';
import { users } from '../db/schema';
import { databaseBackends, startSmtpSink, startTestServer, type SmtpSink, type TestServer } from '../testing';

const codeIn = (text: string) => /\b(\d{6})\b/.exec(text)?.[1] ?? '';

// Sign-up stores its e-mail in lower case as the username; whoever types it with capitals is the same user (issue 12
// item 11). Each test calls from its own address (documentation range) so throttling and rate limits stay apart.
describe.each(databaseBackends())('usernames compare without case on %s', (backend) => {
  let server: TestServer;
  let sink: SmtpSink;
  const db = () => server.running.container.resolve(DatabaseToken);
  const post = async (address: string, url: string, payload: Record<string, unknown>) => {
    const response = await server.running.app.inject({ method: 'POST', url: `/api${url}`, remoteAddress: address, payload });
    return { status: response.statusCode, body: response.json() };
  };

  beforeAll(async () => {
    sink = await startSmtpSink();
    server = await startTestServer({ backend, smtpUrl: sink.url });
    await server.createUser({ username: 'jane.doe@example.com', password: 'jane-password-1' });
  });
  afterAll(async () => {
    await server?.close();
    await sink?.close();
  });

  it('signs in whatever the case of the username typed', async () => {
    const login = await post('192.0.2.11', '/auth/login', { username: 'Jane.Doe@Example.com', password: 'jane-password-1' });
    expect(login.status).toBe(200);
    const me = await server.request('GET', '/api/auth/me', { token: login.body.access_token });
    expect(me.body.username).toBe('jane.doe@example.com');
  });

  it('asks for and checks the second factor whatever the case of each step', async () => {
    await server.createUser({ username: 'otp.case@example.com', password: 'otp-case-password' });
    await db()
      .update(users)
      .set({ otpEnabled: true, email: 'otp.case@example.com' })
      .where(eq(users.username, 'otp.case@example.com'));
    const address = '192.0.2.12';
    const first = await post(address, '/auth/login', { username: 'OTP.Case@example.com', password: 'otp-case-password' });
    expect(first.body.otpFlag).toBe(true);
    const sent = await post(address, '/auth/otp/request', { username: 'otp.CASE@example.com', channelName: 'email' });
    expect(sent.status).toBe(200);
    const code = codeIn((await sink.waitForMessage('otp.case@example.com')).text);
    const verified = await post(address, '/auth/otp/verify', {
      username: 'Otp.Case@Example.Com',
      channelName: 'email',
      token: code,
    });
    expect(verified.status).toBe(200);
    expect(verified.body.access_token).toEqual(expect.any(String));
  });

  it('counts wrong passwords towards throttling whatever the case typed', async () => {
    const address = '192.0.2.13';
    for (const username of [
      'JANE.DOE@example.com',
      'jane.doe@EXAMPLE.com',
      'Jane.Doe@Example.com',
      'jane.doe@example.com',
      'jAne.doe@example.com',
    ]) {
      expect((await post(address, '/auth/login', { username, password: 'a wrong guess' })).status).toBe(401);
    }
    // The sixth wrong try on the same account waits, even typed in yet another case, and so does the right password.
    const slowed = await post(address, '/auth/login', { username: 'JANE.doe@example.com', password: 'jane-password-1' });
    expect(slowed.status).toBe(429);
  });

  it('refuses a new username that differs from an existing one only in case', async () => {
    const directory = server.running.container.resolve(UserDirectoryToken);
    await expect(
      directory.createUser({ username: 'Jane.Doe@example.COM', password: 'another-password-1', level: 'si-customer' }),
    ).rejects.toMatchObject({ statusCode: 409, code: 'errors.usernameTaken' });
    expect((await directory.findByUsernameOrEmail('JANE.DOE@EXAMPLE.COM'))?.username).toBe('jane.doe@example.com');
  });
});

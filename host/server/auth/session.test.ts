import { decodeJwt } from 'jose';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DatabaseToken, defineServerPlugin } from '@sensorium/core/server';
import { auditRecords, systemSettings, users } from '../db/schema';
import { databaseBackends, startTestServer, TEST_ADMIN_PASSWORD, type TestServer } from '../testing';

const gateways = defineServerPlugin({
  manifest: { id: 'gateways', version: '1.0.0', permissions: ['gatewayedit'] },
  register: () => {},
});

// Logins from this file's one address are limited to 20 a minute: the tests before the last one stay below that.
describe.each(databaseBackends())('sessions on %s', (backend) => {
  let server: TestServer;
  let adminPair: { access_token: string; refresh_token: string };
  let operatorPair: { access_token: string; refresh_token: string };
  let rememberedRefreshToken: string;
  const db = () => server.running.container.resolve(DatabaseToken);
  const refresh = (refreshToken: string) => server.request('POST', '/api/auth/refresh', { token: refreshToken });
  const me = (accessToken: string) => server.request('GET', '/api/auth/me', { token: accessToken });
  const lastLoginAudit = async (username: string) =>
    (
      await db()
        .select()
        .from(auditRecords)
        .where(and(eq(auditRecords.action, 'auth.login'), eq(auditRecords.target, username)))
        .orderBy(desc(auditRecords.id))
        .limit(1)
    )[0];

  beforeAll(async () => {
    server = await startTestServer({ backend, plugins: [gateways] });
    await server.createUser({ username: 'operator', password: 'operator-password', permissions: ['useredit', 'event'] });
    adminPair = await server.login();
    operatorPair = await server.login('operator', 'operator-password');
  });
  afterAll(() => server?.close());

  it('creates the first cloud user admin, with an argon2id hash', async () => {
    const [admin] = await db().select().from(users).where(eq(users.username, 'admin'));
    expect(admin).toMatchObject({ level: 'cloud', disabled: false });
    expect(admin!.passwordHash).toMatch(/^\$argon2id\$/);
  });

  it('logs in with a bearer token pair whose expiry is in seconds, and audits it', async () => {
    const response = await server.request('POST', '/api/auth/login', {
      body: { username: 'admin', password: TEST_ADMIN_PASSWORD },
    });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ token_type: 'Bearer', expires_in: 900 });
    expect(response.headers['x-ratelimit-limit']).toBe('20');
    const access = decodeJwt(response.body.access_token);
    expect(access).toMatchObject({ typ: 'access' });
    expect(access.exp! - access.iat!).toBe(900);
    expect(access.exp!).toBeLessThan(Date.now() / 1000 + 901);
    const refreshClaims = decodeJwt(response.body.refresh_token);
    expect(refreshClaims).toMatchObject({ typ: 'refresh', family: access.family });
    expect(refreshClaims.exp! - refreshClaims.iat!).toBe(86_400);
    expect(await lastLoginAudit('admin')).toMatchObject({ outcome: 'success', pluginId: 'core', address: '127.0.0.1' });
  });

  it('keeps a remembered login for 30 days', async () => {
    const response = await server.request('POST', '/api/auth/login', {
      body: { username: 'admin', password: TEST_ADMIN_PASSWORD, rememberMe: true },
    });
    rememberedRefreshToken = response.body.refresh_token;
    const claims = decodeJwt(rememberedRefreshToken);
    expect(claims.exp! - claims.iat!).toBe(30 * 86_400);
  });

  it('refuses a wrong password with a translated 401 and audits the failure', async () => {
    const response = await server.request('POST', '/api/auth/login', {
      body: { username: 'admin', password: 'wrong' },
      headers: { 'accept-language': 'zh-HK' },
    });
    expect(response.status).toBe(401);
    expect(response.body).toMatchObject({ code: 'errors.invalidCredentials', message: '用戶名稱或密碼不正確。' });
    expect(await lastLoginAudit('admin')).toMatchObject({ outcome: 'failure', userId: null, detail: { reason: 'credentials' } });
    const unknown = await server.request('POST', '/api/auth/login', { body: { username: 'nobody', password: 'wrong' } });
    expect(unknown.status).toBe(401);
    expect(unknown.body.message).toBe('Incorrect username or password.');
  });

  it('answers the signed-in user: a cloud user holds every permission, others their group’s', async () => {
    const admin = await me(adminPair.access_token);
    expect(admin.body).toMatchObject({ username: 'admin', level: 'cloud', organisationId: null, endCustomerId: null });
    expect(admin.body.permissions).toEqual(expect.arrayContaining(['useredit', 'dashboard', 'gatewayedit']));
    const operator = await me(operatorPair.access_token);
    expect(operator.body).toMatchObject({ username: 'operator', level: 'si-customer', permissions: ['useredit', 'event'] });
  });

  it('never accepts a refresh token as an access token, nor the reverse', async () => {
    expect((await me(adminPair.refresh_token)).status).toBe(401);
    expect((await refresh(adminPair.access_token)).status).toBe(401);
    expect((await refresh('garbage')).status).toBe(401);
    expect((await server.request('POST', '/api/auth/refresh')).status).toBe(401);
  });

  it('rotates the refresh token: a new pair works and the old refresh token does not', async () => {
    const first = await server.login();
    const rotated = await refresh(first.refresh_token);
    expect(rotated.status).toBe(200);
    expect(rotated.body.refresh_token).not.toBe(first.refresh_token);
    expect((await me(rotated.body.access_token)).body.username).toBe('admin');
    const again = await refresh(rotated.body.refresh_token);
    expect(again.status).toBe(200);
  });

  it('revokes the whole family when a rotated refresh token is presented again', async () => {
    const first = await server.login();
    const second = (await refresh(first.refresh_token)).body;
    const reuse = await refresh(first.refresh_token);
    expect(reuse.status).toBe(401);
    expect(reuse.body.code).toBe('errors.sessionExpired');
    expect((await refresh(second.refresh_token)).status).toBe(401);
  });

  it('logs out: the login’s refresh tokens stop working, and so does one sent in the body', async () => {
    const here = await server.login();
    const elsewhere = await server.login();
    const response = await server.request('POST', '/api/auth/logout', {
      token: here.access_token,
      body: { refresh_token: elsewhere.refresh_token },
    });
    expect(response.status).toBe(204);
    expect((await refresh(here.refresh_token)).status).toBe(401);
    expect((await refresh(elsewhere.refresh_token)).status).toBe(401);
    // Another login of the same user stays, and nobody can log out someone else's session.
    await server.request('POST', '/api/auth/logout', {
      token: here.access_token,
      body: { refresh_token: operatorPair.refresh_token },
    });
    expect((await refresh(rememberedRefreshToken)).status).toBe(200);
    expect((await refresh(operatorPair.refresh_token)).status).toBe(200);
  });

  it('refuses a disabled account at login and cuts off its tokens', async () => {
    await server.createUser({ username: 'leaver', password: 'leaver-password' });
    const pair = await server.login('leaver', 'leaver-password');
    await db().update(users).set({ disabled: true }).where(eq(users.username, 'leaver'));
    expect(
      (await server.request('POST', '/api/auth/login', { body: { username: 'leaver', password: 'leaver-password' } })).status,
    ).toBe(401);
    expect((await me(pair.access_token)).status).toBe(401);
    expect((await refresh(pair.refresh_token)).status).toBe(401);
  });

  it('keeps the generated signing secret in system_settings', async () => {
    const [secret] = await db().select().from(systemSettings).where(eq(systemSettings.key, 'auth.jwt-secret'));
    expect(typeof secret?.value).toBe('string');
    expect((secret!.value as string).length).toBeGreaterThanOrEqual(32);
  });

  it('describes the system before login', async () => {
    const response = await server.request('GET', '/api/system/info');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      companyName: 'Sensorium',
      logoUrl: null,
      version: '1.8.0',
      licences: { all: true, keys: [] },
      plugins: ['gateways'],
      supportEmail: null,
    });
  });

  // Last: it uses up this address's login allowance.
  it('limits logins from one address to 20 a minute', async () => {
    let status = 0;
    let calls = 0;
    while (status !== 429 && calls < 25) {
      // A new username each time: for one username the sign-in throttle would answer 429 before the rate limit.
      status = (await server.request('POST', '/api/auth/login', { body: { username: `nobody-${calls}`, password: 'x' } })).status;
      calls++;
    }
    expect(status).toBe(429);
    const refused = await server.request('POST', '/api/auth/login', {
      body: { username: 'admin', password: TEST_ADMIN_PASSWORD },
    });
    expect(refused.status).toBe(429);
    expect(refused.body.message).toBe('Too many requests. Please try again later.');
  });
});

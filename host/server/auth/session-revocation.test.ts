import { decodeJwt } from 'jose';
import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DatabaseToken, SessionRevocationToken, UserDirectoryToken } from '@sensorium/core/server';
import { refreshTokens } from '../db/schema';
import { databaseBackends, startTestServer, type TestServer } from '../testing';
import { SESSION_CHECK_WINDOW_MS, SessionLiveness } from './session-liveness';

/** A request as a route handler sees it, signed in with this access token. */
const requestWith = (accessToken: string) => ({ headers: { authorization: `Bearer ${accessToken}` } }) as FastifyRequest;

describe.each(databaseBackends())('access tokens end with their session on %s', (backend) => {
  let server: TestServer;
  let userId: string;
  const db = () => server.running.container.resolve(DatabaseToken);
  const revocation = () => server.running.container.resolve(SessionRevocationToken);
  const me = async (accessToken: string) => (await server.request('GET', '/api/auth/me', { token: accessToken })).status;
  const refresh = async (refreshToken: string) =>
    (await server.request('POST', '/api/auth/refresh', { token: refreshToken })).status;
  const login = () => server.login('holder', 'holder-password');

  beforeAll(async () => {
    server = await startTestServer({ backend });
    userId = (await server.createUser({ username: 'holder', password: 'holder-password' })).id;
  });
  afterAll(() => server?.close());

  it('refuses the access token of a logged-out session at once, while another login stays', async () => {
    const here = await login();
    const other = await login();
    expect(await me(here.access_token)).toBe(200);
    expect((await server.request('POST', '/api/auth/logout', { token: here.access_token })).status).toBe(204);
    expect(await me(here.access_token)).toBe(401);
    expect(await me(other.access_token)).toBe(200);
  });

  it('ends every session of the user at once when all are revoked', async () => {
    const sessions = [await login(), await login()];
    for (const pair of sessions) expect(await me(pair.access_token)).toBe(200);
    await revocation().revokeAllSessions(userId);
    for (const pair of sessions) {
      expect(await me(pair.access_token)).toBe(401);
      expect(await refresh(pair.refresh_token)).toBe(401);
    }
  });

  it('keeps the session that asked when the others are revoked', async () => {
    const asking = await login();
    const other = await login();
    await revocation().revokeOtherSessions(userId, requestWith(asking.access_token));
    expect(await me(other.access_token)).toBe(401);
    expect(await refresh(other.refresh_token)).toBe(401);
    expect(await me(asking.access_token)).toBe(200);
    expect(await refresh(asking.refresh_token)).toBe(200);
  });

  it("applies a change of the user's rights, level or account at once on this instance", async () => {
    const directory = server.running.container.resolve(UserDirectoryToken);
    const { id } = await server.createUser({ username: 'changing', password: 'changing-password', permissions: ['event'] });
    const { access_token } = await server.login('changing', 'changing-password');
    const shown = async () => (await server.request('GET', '/api/auth/me', { token: access_token })).body;
    expect(await shown()).toMatchObject({ level: 'si-customer', permissions: ['event'] });
    const group = (await directory.findAccount(id))!.groupId!;
    await directory.updateGroup(group, { permissions: [] });
    expect((await shown()).permissions).toEqual([]);
    await directory.updateAccount(id, { level: 'end-customer' });
    expect(await shown()).toMatchObject({ level: 'end-customer' });
    await directory.updateAccount(id, { disabled: true });
    expect(await me(access_token)).toBe(401);
  });

  it('trusts an answer about a session for at most the check window: another instance’s logout applies within it', async () => {
    let now = Date.now();
    const liveness = new SessionLiveness(db(), SESSION_CHECK_WINDOW_MS, () => now);
    const { access_token } = await login();
    const family = decodeJwt(access_token).family as string;
    expect(await liveness.isLive(family)).toBe(true);
    // Another instance revokes the login in the shared database: this instance's cached answer stands for the window.
    await db().update(refreshTokens).set({ revokedAt: new Date() }).where(eq(refreshTokens.familyId, family));
    now += SESSION_CHECK_WINDOW_MS - 1;
    expect(await liveness.isLive(family)).toBe(true);
    now += 1;
    expect(await liveness.isLive(family)).toBe(false);
  });
});

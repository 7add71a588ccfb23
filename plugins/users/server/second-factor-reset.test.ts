import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DatabaseToken } from '@sensorium/core/server';
import { auditRecords } from '../../../host/server/db/schema';
import { databaseBackends, startTestServer, type TestServer } from '../../../host/server/testing';
import applications from '../../applications/server';
import users from './index';

const PASSWORD = 'password-123';

// An administrator can neither strand a user with the e-mail second factor nor leave one stranded (issue 12 item 14).
describe.each(databaseBackends())('a user’s second factor as administrators see it on %s', (backend) => {
  let server: TestServer;
  let admin: string;
  let groupId: string;
  let count = 0;
  const db = () => server.running.container.resolve(DatabaseToken);
  const call = (method: string, path: string, token: string, body?: unknown) =>
    server.request(method, `/api${path}`, { token, body });

  /** A user whose logins need a code e-mailed to its address. */
  async function userWithSecondFactor() {
    const username = `guarded_${++count}`;
    const created = await call('POST', '/users', admin, {
      username,
      password: PASSWORD,
      name: username,
      email: `${username}@example.com`,
      level: 'cloud',
      groupId,
    });
    expect(created.status).toBe(201);
    await db().execute(sql`UPDATE users SET otp_enabled = true WHERE id = ${created.body.id}`);
    return { id: created.body.id as string, username };
  }

  beforeAll(async () => {
    server = await startTestServer({ backend, plugins: [applications, users] });
    admin = (await server.login()).access_token;
    groupId = (await call('POST', '/user-groups', admin, { name: 'Guarded', permissions: ['useredit'] })).body.id;
  });
  afterAll(() => server?.close());

  it('refuses to remove the e-mail that carries a user’s second factor, in the user’s language', async () => {
    const user = await userWithSecondFactor();
    const removed = await call('PATCH', `/users/${user.id}`, admin, { email: '' });
    expect(removed).toMatchObject({
      status: 400,
      body: {
        field: 'email',
        message:
          "The email cannot be removed while the user's two-factor authentication is on. Reset the two-factor authentication first.",
      },
    });
    const cleared = await server.request('PATCH', `/api/users/${user.id}`, {
      token: admin,
      body: { email: null },
      headers: { 'accept-language': 'zh-HK' },
    });
    expect(cleared.body.message).toBe('用戶的雙重認證開啟時不能移除電郵。請先重設雙重認證。');
    expect((await call('GET', `/users/${user.id}`, admin)).body.email).toBe(`${user.username}@example.com`);
    // Another address keeps the channel: allowed.
    expect((await call('PATCH', `/users/${user.id}`, admin, { email: 'new.home@example.com' })).status).toBe(200);
  });

  it('shows each user’s second factor and resets it, audited; the user then signs in with the password alone', async () => {
    const user = await userWithSecondFactor();
    const listed = await call('GET', `/users?keyword=${user.username}`, admin);
    expect(listed.body.users).toEqual([expect.objectContaining({ username: user.username, otpEnabled: true })]);
    expect((await server.login(user.username, PASSWORD)) as unknown).toMatchObject({ otpFlag: true });

    const reset = await call('DELETE', `/users/${user.id}/second-factor`, admin);
    expect(reset.status).toBe(200);
    expect(reset.body).toMatchObject({ id: user.id, otpEnabled: false });
    expect((await call('GET', `/users/${user.id}`, admin)).body.otpEnabled).toBe(false);
    const audited = await db()
      .select()
      .from(auditRecords)
      .where(and(eq(auditRecords.action, 'users.resetSecondFactor'), eq(auditRecords.outcome, 'success')));
    expect(audited).toEqual([expect.objectContaining({ target: user.id, pluginId: 'users' })]);
    expect(await server.login(user.username, PASSWORD)).toHaveProperty('access_token');
    // With the second factor off, the e-mail may go.
    expect((await call('PATCH', `/users/${user.id}`, admin, { email: '' })).status).toBe(200);
  });

  it('resets only users the caller manages, never its own (My Account turns that off, with the password)', async () => {
    const user = await userWithSecondFactor();
    const adminId = (await call('GET', '/auth/me', admin)).body.id as string;
    expect((await call('DELETE', `/users/${adminId}/second-factor`, admin)).body.code).toBe('users.errors.notYourself');
    const outsider = await server.loginAs({ username: 'outsider', permissions: ['useredit'], organisationId: 'org_x' });
    expect((await call('DELETE', `/users/${user.id}/second-factor`, outsider)).status).toBe(404);
    const viewer = await server.loginAs({ username: 'viewer', level: 'end-customer', permissions: ['useredit'] });
    expect((await call('DELETE', `/users/${user.id}/second-factor`, viewer)).status).toBe(403);
    expect((await call('GET', `/users/${user.id}`, admin)).body.otpEnabled).toBe(true);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PUSH_SESSION_CLOSE_CODE } from '@sensorium/core/common';
import { connectPush, databaseBackends, pushClosed, startTestServer, type TestServer } from '../../../host/server/testing';
import applications from '../../applications/server';
import users from './index';

const PASSWORD = 'password-123';

// Changes to what proves who a user is end the user's other sessions: refresh tokens, access tokens and push sockets.
describe.each(databaseBackends())('sessions after credential changes on %s', (backend) => {
  let server: TestServer;
  let admin: string;
  let groupId: string;
  let count = 0;

  const call = (method: string, path: string, token: string, body?: unknown) =>
    server.request(method, `/api${path}`, { token, body });
  const me = async (token: string) => (await call('GET', '/auth/me', token)).status;
  const refresh = async (refreshToken: string) =>
    (await server.request('POST', '/api/auth/refresh', { token: refreshToken })).status;

  /** A new user signed in twice: `current` makes the change, `other` (with an open push socket) is elsewhere. */
  async function userWithTwoSessions() {
    const username = `holder_${++count}`;
    const created = await call('POST', '/users', admin, {
      username,
      password: PASSWORD,
      name: username,
      email: `${username}@example.com`,
      level: 'cloud',
      groupId,
    });
    expect(created.status).toBe(201);
    const current = await server.login(username, PASSWORD);
    const other = await server.login(username, PASSWORD);
    const socket = await connectPush(server, other.access_token);
    return { id: created.body.id as string, username, current, other, socketClosed: pushClosed(socket), socket };
  }

  /** The other session is over everywhere; the current one (when given) carries on. */
  async function expectOnlyCurrentLeft(sessions: Awaited<ReturnType<typeof userWithTwoSessions>>, currentStays: boolean) {
    expect((await sessions.socketClosed).code).toBe(PUSH_SESSION_CLOSE_CODE);
    expect(await me(sessions.other.access_token)).toBe(401);
    expect(await refresh(sessions.other.refresh_token)).toBe(401);
    expect(await me(sessions.current.access_token)).toBe(currentStays ? 200 : 401);
    expect(await refresh(sessions.current.refresh_token)).toBe(currentStays ? 200 : 401);
  }

  beforeAll(async () => {
    server = await startTestServer({ backend, plugins: [applications, users] });
    admin = (await server.login()).access_token;
    groupId = (await call('POST', '/user-groups', admin, { name: 'Holders', permissions: ['profileedit'] })).body.id;
  });
  afterAll(() => server?.close());

  it('changing one’s password ends the other sessions and keeps this one', async () => {
    const sessions = await userWithTwoSessions();
    const changed = await call('PUT', '/my-account/password', sessions.current.access_token, {
      currentPassword: PASSWORD,
      newPassword: 'next-password-1',
    });
    expect(changed.status).toBe(204);
    await expectOnlyCurrentLeft(sessions, true);
  });

  it('changing one’s e-mail needs the current password and ends the other sessions', async () => {
    const sessions = await userWithTwoSessions();
    const token = sessions.current.access_token;
    const profile = (extra: object) => ({ name: 'Holder', email: 'moved@example.com', ...extra });
    const missing = await call('PUT', '/my-account/profile', token, profile({}));
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({ field: 'currentPassword', message: 'Please enter your current password.' });
    const wrong = await call('PUT', '/my-account/profile', token, profile({ currentPassword: 'not-it-at-all' }));
    expect(wrong.body).toMatchObject({ field: 'currentPassword', message: 'The current password is not correct.' });
    expect((await call('GET', '/my-account', token)).body.email).toBe(`${sessions.username}@example.com`);
    expect(await me(sessions.other.access_token)).toBe(200);
    // The same e-mail needs no password and ends nothing.
    const renamed = await call('PUT', '/my-account/profile', token, {
      name: 'Renamed',
      email: `${sessions.username}@example.com`,
    });
    expect(renamed.status).toBe(200);
    expect(await me(sessions.other.access_token)).toBe(200);

    const moved = await call('PUT', '/my-account/profile', token, profile({ currentPassword: PASSWORD }));
    expect(moved.body.email).toBe('moved@example.com');
    await expectOnlyCurrentLeft(sessions, true);
  });

  it('turning the second factor off needs the current password and ends the other sessions', async () => {
    const sessions = await userWithTwoSessions();
    const token = sessions.current.access_token;
    const missing = await call('PUT', '/my-account/second-factor', token, { otpEnabled: true });
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({ field: 'currentPassword', message: 'Please enter your current password.' });
    expect((await call('GET', '/my-account', token)).body.otpEnabled).toBe(false);
    const on = await call('PUT', '/my-account/second-factor', token, { otpEnabled: true, currentPassword: PASSWORD });
    expect(on.body.otpEnabled).toBe(true);
    expect(await me(sessions.other.access_token)).toBe(200);
    const wrong = await call('PUT', '/my-account/second-factor', token, { otpEnabled: false, currentPassword: 'wrong-one-1' });
    expect(wrong).toMatchObject({ status: 400, body: { field: 'currentPassword', code: 'users.errors.wrongCurrentPassword' } });
    expect((await call('GET', '/my-account', token)).body.otpEnabled).toBe(true);

    const off = await call('PUT', '/my-account/second-factor', token, { otpEnabled: false, currentPassword: PASSWORD });
    expect(off.body.otpEnabled).toBe(false);
    await expectOnlyCurrentLeft(sessions, true);
  });

  it('a wrong current password changes neither the password nor any session', async () => {
    const sessions = await userWithTwoSessions();
    const refused = await call('PUT', '/my-account/password', sessions.current.access_token, {
      currentPassword: 'not-it-at-all',
      newPassword: 'next-password-1',
    });
    expect(refused).toMatchObject({ status: 400, body: { field: 'currentPassword' } });
    const missing = await call('PUT', '/my-account/password', sessions.current.access_token, { newPassword: 'next-password-1' });
    expect(missing).toMatchObject({ status: 400, body: { field: 'currentPassword' } });
    expect(await me(sessions.other.access_token)).toBe(200);
    expect(sessions.socket.readyState).toBe(sessions.socket.OPEN);
    expect(await server.login(sessions.username, PASSWORD)).toHaveProperty('access_token');
    sessions.socket.close();
  });

  it('an administrator’s password reset ends every session of the user', async () => {
    const sessions = await userWithTwoSessions();
    expect((await call('PUT', `/users/${sessions.id}/password`, admin, { password: 'reset-password-1' })).status).toBe(204);
    await expectOnlyCurrentLeft(sessions, false);
    expect(await me(admin)).toBe(200);
  });

  it('an administrator changing a user’s e-mail ends every session of the user (issue 12 item 14)', async () => {
    const sessions = await userWithTwoSessions();
    // The same address in other letters is no change.
    const sameAddress = await call('PATCH', `/users/${sessions.id}`, admin, { email: `${sessions.username}@EXAMPLE.com` });
    expect(sameAddress.status).toBe(200);
    expect(await me(sessions.other.access_token)).toBe(200);
    const moved = await call('PATCH', `/users/${sessions.id}`, admin, { email: 'elsewhere@example.com' });
    expect(moved.body.email).toBe('elsewhere@example.com');
    await expectOnlyCurrentLeft(sessions, false);
    expect(await me(admin)).toBe(200);
  });

  it('disabling a user ends its sessions and closes its sockets at once', async () => {
    const sessions = await userWithTwoSessions();
    expect((await call('PUT', `/users/${sessions.id}/disabled`, admin, { disabled: true })).status).toBe(200);
    await expectOnlyCurrentLeft(sessions, false);
  });

  it('deleting a user closes its sockets at once', async () => {
    const sessions = await userWithTwoSessions();
    expect((await call('DELETE', `/users/${sessions.id}`, admin)).status).toBe(204);
    await expectOnlyCurrentLeft(sessions, false);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseBackends, startTestServer, type TestServer } from '../../../host/server/testing';
import applications from '../../applications/server';
import users from './index';

const PASSWORD = 'password-123';

describe.each(databaseBackends())('users API on %s', (backend) => {
  let server: TestServer;
  let admin: string;
  /** An si-customer of organisation org_a with useredit and profileedit, and the end customer it owns. */
  let siA: string;
  let siAId: string;
  let groupA: string;
  let customerA: string;
  /** An si-customer of organisation org_b. */
  let siB: string;
  let groupB: string;

  const as = (token: string) => ({
    get: (path: string) => server.request('GET', `/api${path}`, { token }),
    post: (path: string, body?: unknown) => server.request('POST', `/api${path}`, { token, body: body ?? {} }),
    put: (path: string, body: unknown) => server.request('PUT', `/api${path}`, { token, body }),
    patch: (path: string, body: unknown) => server.request('PATCH', `/api${path}`, { token, body }),
    delete: (path: string) => server.request('DELETE', `/api${path}`, { token }),
  });

  const createUser = async (token: string, body: Record<string, unknown>) => {
    const response = await as(token).post('/users', { password: PASSWORD, name: `${body.username} Name`, ...body });
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    return response.body as { id: string; username: string };
  };
  // The login route allows 20 calls a minute per address: sessions are reused.
  const sessions = new Map<string, string>();
  const loginToken = async (username: string, password = PASSWORD) => {
    const key = `${username}:${password}`;
    if (!sessions.has(key)) sessions.set(key, (await server.login(username, password)).access_token);
    return sessions.get(key)!;
  };

  beforeAll(async () => {
    server = await startTestServer({ backend, plugins: [applications, users] });
    admin = (await server.login()).access_token;
    groupA = (
      await as(admin).post('/user-groups', {
        name: 'Integrators A',
        permissions: ['useredit', 'profileedit', 'event', 'nodemanagement'],
        organisationId: 'org_a',
      })
    ).body.id;
    groupB = (await as(admin).post('/user-groups', { name: 'Integrators B', permissions: ['useredit'], organisationId: 'org_b' }))
      .body.id;
    siAId = (await createUser(admin, { username: 'si_a', level: 'si-customer', groupId: groupA, organisationId: 'org_a' })).id;
    await createUser(admin, { username: 'si_b', level: 'si-customer', groupId: groupB, organisationId: 'org_b' });
    siA = await loginToken('si_a');
    siB = await loginToken('si_b');
    customerA = (await as(siA).post('/customer/end-customer/', { name: 'Harbour A' })).body.id;
  });
  afterAll(() => server?.close());

  describe('user groups', () => {
    it('creates, finds, renames and deletes a group, and offers the caller’s permissions to grant', async () => {
      const created = await as(admin).post('/user-groups', { name: 'Operators', permissions: ['event', 'dashboard', 'event'] });
      expect(created.status).toBe(201);
      expect(created.body).toMatchObject({ name: 'Operators', permissions: ['event', 'dashboard'], memberCount: 0 });
      const found = await as(admin).get('/user-groups?keyword=operat');
      expect(found.body.groups.map((group: { name: string }) => group.name)).toEqual(['Operators']);
      const patched = await as(admin).patch(`/user-groups/${created.body.id}`, { name: 'Operators 2', permissions: ['event'] });
      expect(patched.body).toMatchObject({ name: 'Operators 2', permissions: ['event'] });
      expect((await as(admin).get(`/user-groups/${created.body.id}`)).body.name).toBe('Operators 2');
      const taken = await as(admin).post('/user-groups', { name: 'operators 2', permissions: [] });
      expect(taken.status).toBe(409);
      expect(taken.body.message).toBe('A user group with this name already exists.');
      expect((await as(admin).delete(`/user-groups/${created.body.id}`)).status).toBe(204);
      expect((await as(admin).get(`/user-groups/${created.body.id}`)).status).toBe(404);
      const grantable = await as(siA).get('/user-groups/permissions');
      expect(grantable.body.permissions.sort()).toEqual(['event', 'nodemanagement', 'profileedit', 'useredit']);
    });

    it('refuses unknown permission keys, and groups granting more than the editor holds', async () => {
      const unknown = await as(admin).post('/user-groups', { name: 'Odd', permissions: ['launchrockets'] });
      expect(unknown.status).toBe(400);
      expect(unknown.body.message).toBe('Unknown permission: launchrockets.');
      const more = await as(siA).post('/user-groups', { name: 'Setters', permissions: ['setting'] });
      expect(more.status).toBe(403);
      expect(more.body.message).toBe('A user group cannot grant permissions you do not hold.');
      const widen = await as(siA).patch(`/user-groups/${groupA}`, { permissions: ['useredit', 'setting'] });
      expect(widen.status).toBe(403);
      const blank = await as(admin).post('/user-groups', { name: '  ', permissions: [] });
      expect(blank.status).toBe(400);
      expect(blank.body).toMatchObject({ field: 'name', message: 'Group name is required.' });
    });

    it('keeps an si-customer’s groups in its organisation and hides other tenants’ groups (404)', async () => {
      const own = await as(siA).post('/user-groups', { name: 'Viewers A', permissions: ['event'], organisationId: 'org_b' });
      expect(own.status).toBe(201);
      expect(own.body.organisationId).toBe('org_a');
      const listed = await as(siA).get('/user-groups');
      expect(listed.body.groups.map((group: { name: string }) => group.name)).toEqual(['Integrators A', 'Viewers A']);
      expect((await as(siB).get(`/user-groups/${own.body.id}`)).status).toBe(404);
      expect((await as(siB).patch(`/user-groups/${own.body.id}`, { name: 'Mine' })).status).toBe(404);
      expect((await as(siB).delete(`/user-groups/${own.body.id}`)).status).toBe(404);
      expect((await as(siB).post(`/user-groups/${own.body.id}/members`, { userId: siAId })).status).toBe(404);
    });

    it('moves a user into a group, and says so when the user is in it already', async () => {
      const viewers = (await as(siA).post('/user-groups', { name: 'Movers', permissions: ['event'] })).body.id;
      const user = await createUser(siA, { username: 'mover', level: 'si-customer', groupId: groupA });
      const moved = await as(siA).post(`/user-groups/${viewers}/members`, { userId: user.id });
      expect(moved.status).toBe(200);
      expect(moved.body.groupName).toBe('Movers');
      const again = await as(siA).post(`/user-groups/${viewers}/members`, { userId: user.id });
      expect(again.status).toBe(409);
      expect(again.body.message).toBe('User already in the chosen group.');
      const hk = await server.request('POST', `/api/user-groups/${viewers}/members`, {
        token: siA,
        body: { userId: user.id },
        headers: { 'accept-language': 'zh-HK' },
      });
      expect(hk.body.message).toBe('用戶已在所選用戶組中。');
    });
  });

  describe('users', () => {
    it('validates a new user with the spec’s messages, in the caller’s language', async () => {
      const base = { username: 'newbie', password: PASSWORD, name: 'New Bie', level: 'si-customer', groupId: groupA };
      const cases: [Record<string, unknown>, string, string][] = [
        [{ password: 'short' }, 'password', 'User password must be at least 8 characters.'],
        [{ password: 'Password1' }, 'password', 'This password is too common. Please choose another.'],
        [{ password: '        ' }, 'password', 'A password cannot be only spaces.'],
        [{ email: 'not-an-email' }, 'email', 'Please enter a valid email.'],
        [{ phone: 'call me' }, 'phone', 'Phone format such as +85291234567'],
        [{ name: '   ' }, 'name', 'New full name cannot be empty.'],
        [{ groupId: undefined }, 'groupId', 'User group must be chosen first.'],
        [{ level: 'emperor' }, 'level', 'Please choose one of the allowed values.'],
      ];
      for (const [change, field, message] of cases) {
        const response = await as(admin).post('/users', { ...base, ...change });
        expect(response.status).toBe(400);
        expect(response.body).toMatchObject({ field, message });
      }
      const cn = await server.request('POST', '/api/users', {
        token: admin,
        body: { ...base, password: 'short' },
        headers: { 'accept-language': 'zh-CN' },
      });
      expect(cn.body.message).toBe('用户密码至少需要 8 个字符。');
      expect((await as(admin).get('/users?keyword=newbie')).body.total).toBe(0);
    });

    it('creates a user with every field, finds it by search and pages the list', async () => {
      const created = await as(admin).post('/users', {
        username: 'full.user',
        password: PASSWORD,
        name: 'Full User',
        email: 'full@example.com',
        phone: '+852 9123 4567',
        level: 'end-customer',
        groupId: groupA,
        endCustomerId: customerA,
        scope: 'north wing',
        ldapUrl: 'ldap://ldap.example.com',
        userDn: 'uid=full,dc=example,dc=com',
      });
      expect(created.status).toBe(201);
      expect(created.body).toMatchObject({
        username: 'full.user',
        name: 'Full User',
        email: 'full@example.com',
        phone: '+852 9123 4567',
        level: 'end-customer',
        groupName: 'Integrators A',
        endCustomerId: customerA,
        endCustomerName: 'Harbour A',
        organisationId: 'org_a',
        scope: 'north wing',
        ldapUrl: 'ldap://ldap.example.com',
        userDn: 'uid=full,dc=example,dc=com',
        disabled: false,
        otpEnabled: false,
      });
      expect(created.body).not.toHaveProperty('passwordHash');
      const duplicate = await as(admin).post('/users', { ...created.body, password: PASSWORD, id: undefined });
      expect(duplicate.status).toBe(400);
      const taken = await as(admin).post('/users', {
        username: 'full.user',
        password: PASSWORD,
        name: 'Again',
        level: 'cloud',
        groupId: groupA,
      });
      expect(taken.status).toBe(409);
      expect((await as(admin).get('/users?keyword=FULL@example')).body.users.map((u: { id: string }) => u.id)).toEqual([
        created.body.id,
      ]);
      for (let index = 0; index < 11; index += 1) {
        await createUser(admin, { username: `pager${String(index).padStart(2, '0')}`, level: 'cloud', groupId: groupA });
      }
      const first = await as(admin).get('/users?keyword=pager&limit=10');
      expect(first.body.total).toBe(11);
      expect(first.body.users).toHaveLength(10);
      const second = await as(admin).get('/users?keyword=pager&limit=10&offset=10');
      expect(second.body.users.map((u: { username: string }) => u.username)).toEqual(['pager10']);
    });

    it('edits a user: full name, e-mail and phone formats with the spec’s messages', async () => {
      const user = await createUser(admin, { username: 'editee', level: 'cloud', groupId: groupA });
      const blank = await as(admin).patch(`/users/${user.id}`, { name: '' });
      expect(blank.body).toMatchObject({ field: 'name', message: 'New full name cannot be empty.' });
      expect((await as(admin).patch(`/users/${user.id}`, { email: 'x@' })).body.message).toBe('Please enter a valid email.');
      expect((await as(admin).patch(`/users/${user.id}`, { phone: '12' })).body.message).toBe(
        'Phone format such as +85291234567',
      );
      const edited = await as(admin).patch(`/users/${user.id}`, {
        name: 'Edited',
        email: 'edit@example.com',
        phone: '91234567',
        scope: 'all',
      });
      expect(edited.status).toBe(200);
      expect(edited.body).toMatchObject({ name: 'Edited', email: 'edit@example.com', phone: '91234567', scope: 'all' });
      const cleared = await as(admin).patch(`/users/${user.id}`, { email: '', phone: null });
      expect(cleared.body).toMatchObject({ name: 'Edited', email: null, phone: null });
      expect((await as(admin).get(`/users/${user.id}`)).body.name).toBe('Edited');
    });

    it('disables a user: login refused, session and API keys stop; enabling lets it back in', async () => {
      const user = await createUser(admin, { username: 'sleeper', level: 'si-customer', groupId: groupA });
      const token = await loginToken('sleeper');
      const key = (await as(token).post('/api-keys', { name: 'script' })).body.key as string;
      const disabled = await as(admin).put(`/users/${user.id}/disabled`, { disabled: true });
      expect(disabled.body.disabled).toBe(true);
      expect(
        (await server.request('POST', '/api/auth/login', { body: { username: 'sleeper', password: PASSWORD } })).status,
      ).toBe(401);
      expect((await as(token).get('/auth/me')).status).toBe(401);
      expect((await server.request('GET', '/api/auth/me', { headers: { 'x-api-key': key } })).status).toBe(401);
      await as(admin).put(`/users/${user.id}/disabled`, { disabled: false });
      expect((await server.request('GET', '/api/auth/me', { headers: { 'x-api-key': key } })).status).toBe(200);
      expect(await loginToken('sleeper')).toBeTruthy();
      const adminId = (await as(admin).get('/auth/me')).body.id;
      const renamed = await as(admin).patch(`/users/${adminId}`, { name: 'Administrator', level: 'cloud', endCustomerId: null });
      expect(renamed.body.name).toBe('Administrator');
      expect((await as(admin).patch(`/users/${adminId}`, { level: 'si-customer' })).status).toBe(400);
      const self = await as(admin).put(`/users/${(await as(admin).get('/auth/me')).body.id}/disabled`, { disabled: true });
      expect(self.status).toBe(400);
      expect(self.body.message).toBe('You cannot do this to your own account.');
    });

    it('resets a user’s password and deletes a user', async () => {
      const user = await createUser(admin, { username: 'forgetful', level: 'cloud', groupId: groupA });
      expect((await as(admin).put(`/users/${user.id}/password`, { password: 'short' })).body.message).toBe(
        'User password must be at least 8 characters.',
      );
      const common = await as(admin).put(`/users/${user.id}/password`, { password: 'qwertyuiop' });
      expect(common).toMatchObject({ status: 400, body: { field: 'password', code: 'validation.passwordCommon' } });
      expect((await as(admin).put(`/users/${user.id}/password`, { password: 'brand-new-pw' })).status).toBe(204);
      expect(await loginToken('forgetful', 'brand-new-pw')).toBeTruthy();
      expect((await as(admin).delete(`/users/${user.id}`)).status).toBe(204);
      expect((await as(admin).get(`/users/${user.id}`)).status).toBe(404);
      expect((await as(admin).delete(`/users/${user.id}`)).status).toBe(404);
      expect((await as(admin).get('/users/not-a-uuid')).status).toBe(404);
    });

    it('needs useredit for every write', async () => {
      const reader = (
        await as(admin).post('/user-groups', { name: 'Readers A', permissions: ['event'], organisationId: 'org_a' })
      ).body.id;
      await createUser(admin, { username: 'reader_a', level: 'si-customer', groupId: reader, organisationId: 'org_a' });
      const token = await loginToken('reader_a');
      const calls = [
        as(token).post('/users', { username: 'x1', password: PASSWORD, name: 'X', level: 'si-customer', groupId: reader }),
        as(token).patch(`/users/${siAId}`, { name: 'X' }),
        as(token).put(`/users/${siAId}/disabled`, { disabled: true }),
        as(token).put(`/users/${siAId}/password`, { password: PASSWORD }),
        as(token).delete(`/users/${siAId}`),
        as(token).post('/user-groups', { name: 'X', permissions: [] }),
        as(token).patch(`/user-groups/${reader}`, { name: 'X' }),
        as(token).delete(`/user-groups/${reader}`),
        as(token).post(`/user-groups/${reader}/members`, { userId: siAId }),
      ];
      for (const response of await Promise.all(calls)) expect(response.status).toBe(403);
    });
  });

  describe('tenancy and levels', () => {
    it('lets an si-customer manage its organisation’s and end customers’ users only', async () => {
      const ecUser = await createUser(siA, {
        username: 'ec_a1',
        level: 'end-customer',
        groupId: groupA,
        endCustomerId: customerA,
      });
      const sibling = await createUser(siA, { username: 'si_a2', level: 'si-customer', groupId: groupA });
      expect((await as(siA).get(`/users/${sibling.id}`)).body.organisationId).toBe('org_a');
      const listed = (await as(siA).get('/users?limit=100')).body.users.map((u: { username: string }) => u.username);
      expect(listed).toEqual(expect.arrayContaining(['si_a', 'si_a2', 'ec_a1']));
      expect(listed).not.toContain('admin');
      expect(listed).not.toContain('si_b');
      expect((await as(siA).patch(`/users/${ecUser.id}`, { name: 'Renamed' })).body.name).toBe('Renamed');
    });

    it('refuses an si-customer cloud users, other tenants’ customers and groups', async () => {
      const attempt = (body: Record<string, unknown>) => as(siA).post('/users', { password: PASSWORD, ...body });
      const cloud = await attempt({ username: 'wannabe', name: 'W', level: 'cloud', groupId: groupA });
      expect(cloud.status).toBe(403);
      expect(cloud.body.message).toBe('Only cloud users can create or assign the cloud level.');
      const foreignCustomer = await attempt({
        username: 'foreign',
        name: 'F',
        level: 'end-customer',
        groupId: groupA,
        endCustomerId: 'end_default',
      });
      expect(foreignCustomer.status).toBe(400);
      expect(foreignCustomer.body.message).toBe('Please choose one of your end customers.');
      const foreignGroup = await attempt({ username: 'foreign', name: 'F', level: 'si-customer', groupId: groupB });
      expect(foreignGroup.status).toBe(400);
      expect(foreignGroup.body.message).toBe('Please choose one of your user groups.');
      const noCustomer = await attempt({ username: 'foreign', name: 'F', level: 'end-customer', groupId: groupA });
      expect(noCustomer.body.message).toBe('Please choose the customer of an end-customer user.');
      const sibling = (await as(siA).get('/users?keyword=si_a2')).body.users[0];
      expect((await as(siA).patch(`/users/${sibling.id}`, { level: 'cloud' })).status).toBe(403);
    });

    it('hides other tenants’ users (404) from every user route', async () => {
      const adminId = (await as(admin).get('/auth/me')).body.id;
      const siBId = (await as(siB).get('/auth/me')).body.id;
      for (const [token, id] of [
        [siA, adminId],
        [siA, siBId],
        [siB, siAId],
      ] as const) {
        expect((await as(token).get(`/users/${id}`)).status).toBe(404);
        expect((await as(token).patch(`/users/${id}`, { name: 'Taken' })).status).toBe(404);
        expect((await as(token).put(`/users/${id}/disabled`, { disabled: true })).status).toBe(404);
        expect((await as(token).put(`/users/${id}/password`, { password: 'stolen-pass' })).status).toBe(404);
        expect((await as(token).delete(`/users/${id}`)).status).toBe(404);
      }
      expect((await as(siB).get('/users?keyword=si_a')).body).toEqual({ total: 0, users: [] });
    });

    it('refuses an si-customer a user holding permissions it lacks', async () => {
      const wide = (
        await as(admin).post('/user-groups', { name: 'Wide A', permissions: ['setting', 'useredit'], organisationId: 'org_a' })
      ).body.id;
      const strong = await createUser(admin, {
        username: 'strong_a',
        level: 'si-customer',
        groupId: wide,
        organisationId: 'org_a',
      });
      expect((await as(siA).get(`/users/${strong.id}`)).status).toBe(200);
      const reset = await as(siA).put(`/users/${strong.id}/password`, { password: 'takeover-pw' });
      expect(reset.status).toBe(403);
      expect(reset.body.message).toBe('This user holds permissions you do not hold.');
      const assign = await as(siA).patch(`/users/${(await as(siA).get('/users?keyword=si_a2')).body.users[0].id}`, {
        groupId: wide,
      });
      expect(assign.status).toBe(403);
    });

    it('lets an end-customer user manage nothing beyond its own account, whatever its group grants', async () => {
      const token = await loginToken('ec_a1');
      expect((await as(token).get('/auth/me')).body.permissions).toContain('useredit');
      const denied = [
        await as(token).get('/users'),
        await as(token).get(`/users/${siAId}`),
        await as(token).post('/users', { username: 'x2', password: PASSWORD, name: 'X', level: 'end-customer', groupId: groupA }),
        await as(token).delete(`/users/${siAId}`),
        await as(token).get('/user-groups'),
        await as(token).post('/user-groups', { name: 'Mine', permissions: [] }),
      ];
      for (const response of denied) expect(response.status).toBe(403);
      expect(denied[0]!.body.message).toBe('End-customer users manage only their own account.');
      expect((await as(token).get('/my-account')).status).toBe(200);
      expect((await as(token).post('/api-keys', { name: 'own' })).status).toBe(201);
    });
  });

  describe('my account', () => {
    it('shows and edits the profile with profileedit only', async () => {
      const plain = (await as(admin).post('/user-groups', { name: 'Plain', permissions: ['event'] })).body.id;
      await createUser(admin, { username: 'plain', level: 'cloud', groupId: plain, email: 'plain@example.com' });
      const mine = await as(siA).get('/my-account');
      expect(mine.body).toMatchObject({ username: 'si_a', level: 'si-customer', groupName: 'Integrators A', otpEnabled: false });
      expect(mine.body.permissions).toContain('profileedit');
      const edited = await as(siA).put('/my-account/profile', {
        name: 'Si A',
        email: 'si.a@example.com',
        phone: '+85291234567',
        currentPassword: PASSWORD,
      });
      expect(edited.body).toMatchObject({ name: 'Si A', email: 'si.a@example.com', phone: '+85291234567' });
      const invalid = await as(siA).put('/my-account/profile', { name: 'Si A', email: 'bad' });
      expect(invalid.body.message).toBe('Please enter a valid email.');
      const readerToken = await loginToken('reader_a');
      expect((await as(readerToken).put('/my-account/profile', { name: 'Me' })).status).toBe(403);
    });

    it('changes the password only with the current one', async () => {
      const user = await createUser(admin, { username: 'changer', level: 'cloud', groupId: groupA });
      const token = await loginToken('changer');
      const wrong = await as(token).put('/my-account/password', { currentPassword: 'nope-nope', newPassword: 'next-password' });
      expect(wrong.status).toBe(400);
      expect(wrong.body).toMatchObject({ field: 'currentPassword', message: 'The current password is not correct.' });
      const short = await as(token).put('/my-account/password', { currentPassword: PASSWORD, newPassword: 'tiny' });
      expect(short.body.message).toBe('User password must be at least 8 characters.');
      const spaces = await as(token).put('/my-account/password', { currentPassword: PASSWORD, newPassword: '        ' });
      expect(spaces).toMatchObject({ status: 400, body: { field: 'newPassword', code: 'validation.passwordBlank' } });
      expect(
        (await as(token).put('/my-account/password', { currentPassword: PASSWORD, newPassword: 'next-password' })).status,
      ).toBe(204);
      expect(await loginToken('changer', 'next-password')).toBeTruthy();
      expect(user.id).toBeTruthy();
    });

    it('turns the e-mail second factor on only with an e-mail address on the account', async () => {
      await createUser(admin, { username: 'twofa', level: 'cloud', groupId: groupA });
      const token = await loginToken('twofa');
      const withPassword = (otpEnabled: boolean) => ({ otpEnabled, currentPassword: PASSWORD });
      const refused = await as(token).put('/my-account/second-factor', withPassword(true));
      expect(refused.status).toBe(400);
      expect(refused.body.message).toBe('An email address is needed for two-factor authentication.');
      await as(token).put('/my-account/profile', { name: 'Two Fa', email: 'twofa@example.com', currentPassword: PASSWORD });
      expect((await as(token).put('/my-account/second-factor', withPassword(true))).body.otpEnabled).toBe(true);
      const dropEmail = await as(token).put('/my-account/profile', { name: 'Two Fa', email: '', currentPassword: PASSWORD });
      expect(dropEmail.status).toBe(400);
      expect((await as(token).put('/my-account/second-factor', withPassword(false))).body.otpEnabled).toBe(false);
    });
  });

  describe('API keys', () => {
    it('authenticates REST calls with the owner’s permissions until revoked or deleted', async () => {
      const created = await as(siA).post('/api-keys', { name: 'Integration' });
      expect(created.status).toBe(201);
      const key = created.body.key as string;
      expect(key.startsWith(created.body.prefix)).toBe(true);
      const listed = await as(siA).get('/api-keys');
      expect(listed.body).toEqual([
        expect.objectContaining({ id: created.body.id, name: 'Integration', prefix: created.body.prefix }),
      ]);
      expect(JSON.stringify(listed.body)).not.toContain(key);

      const me = await server.request('GET', '/api/auth/me', { headers: { 'x-api-key': key } });
      expect(me.status).toBe(200);
      expect(me.body).toMatchObject({ username: 'si_a', level: 'si-customer' });
      const byScheme = await server.request('GET', '/api/users?keyword=si_a2', { headers: { authorization: `ApiKey ${key}` } });
      expect(byScheme.body.total).toBe(1);
      const denied = await server.request('POST', '/api/user-groups', {
        headers: { 'x-api-key': key },
        body: { name: 'Via key', permissions: ['setting'] },
      });
      expect(denied.status).toBe(403);
      expect((await as(siA).get('/api-keys')).body[0].lastUsedAt).not.toBeNull();

      const revoked = await as(siA).post(`/api-keys/${created.body.id}/revoke`);
      expect(revoked.status).toBe(200);
      expect(revoked.body.id).toBe(created.body.id);
      expect(revoked.body.key).not.toBe(key);
      expect((await server.request('GET', '/api/auth/me', { headers: { 'x-api-key': key } })).status).toBe(401);
      expect((await server.request('GET', '/api/auth/me', { headers: { 'x-api-key': revoked.body.key } })).status).toBe(200);

      expect((await as(siB).post(`/api-keys/${created.body.id}/revoke`)).status).toBe(404);
      expect((await as(siB).delete(`/api-keys/${created.body.id}`)).status).toBe(404);
      expect((await as(siA).delete(`/api-keys/${created.body.id}`)).status).toBe(204);
      expect((await server.request('GET', '/api/auth/me', { headers: { 'x-api-key': revoked.body.key } })).status).toBe(401);
      expect((await as(siA).get('/api-keys')).body).toEqual([]);
      expect((await server.request('GET', '/api/auth/me', { headers: { 'x-api-key': 'snk_guess' } })).status).toBe(401);
    });

    it('requires a key name', async () => {
      const response = await as(siA).post('/api-keys', { name: ' ' });
      expect(response.body).toMatchObject({ field: 'name', message: 'Key name is required.' });
    });
  });

  describe('User Setup', () => {
    let appA: string;
    let ecUserId: string;

    beforeAll(async () => {
      appA = 'plant_a';
      const created = await as(siA).post('/application/new/', { id: appA, name: 'Plant A', endCustomerId: customerA });
      expect(created.status).toBe(201);
      ecUserId = (await as(siA).get('/users?keyword=ec_a1')).body.users[0].id;
    });

    it('adds users with device tags and groups, changes tags and removes them', async () => {
      expect((await as(siA).get(`/application-users/${appA}`)).body).toEqual({ users: [], groups: [] });
      const added = await as(siA).post(`/application-users/${appA}/users`, {
        userId: ecUserId,
        deviceTags: ['pumps', ' pumps ', 'roof'],
      });
      expect(added.status).toBe(201);
      expect(added.body.users).toEqual([
        expect.objectContaining({ userId: ecUserId, username: 'ec_a1', deviceTags: ['pumps', 'roof'] }),
      ]);
      const again = await as(siA).post(`/application-users/${appA}/users`, { userId: ecUserId });
      expect(again.status).toBe(409);
      const tags = await as(siA).put(`/application-users/${appA}/users/${ecUserId}/device-tags`, { deviceTags: [] });
      expect(tags.body.users[0].deviceTags).toEqual([]);
      const group = await as(siA).post(`/application-users/${appA}/groups`, { groupId: groupA });
      expect(group.body.groups).toEqual([expect.objectContaining({ groupId: groupA, name: 'Integrators A' })]);
      expect((await as(siA).post(`/application-users/${appA}/groups`, { groupId: groupA })).status).toBe(409);
      expect((await as(siA).delete(`/application-users/${appA}/groups/${groupA}`)).status).toBe(204);
      expect((await as(siA).delete(`/application-users/${appA}/users/${ecUserId}`)).status).toBe(204);
      expect((await as(siA).delete(`/application-users/${appA}/users/${ecUserId}`)).status).toBe(404);
      expect((await as(siA).get(`/application-users/${appA}`)).body).toEqual({ users: [], groups: [] });
    });

    it('refuses users and groups of other tenants, and users who cannot see the application', async () => {
      const siBId = (await as(siB).get('/auth/me')).body.id;
      const foreign = await as(siA).post(`/application-users/${appA}/users`, { userId: siBId });
      expect(foreign.status).toBe(400);
      expect(foreign.body.message).toBe('Please choose one of your users.');
      expect((await as(siA).post(`/application-users/${appA}/groups`, { groupId: groupB })).status).toBe(400);
      const outsider = await createUser(admin, {
        username: 'ec_default',
        level: 'end-customer',
        groupId: groupA,
        endCustomerId: 'end_default',
      });
      const blind = await as(admin).post(`/application-users/${appA}/users`, { userId: outsider.id });
      expect(blind.status).toBe(400);
      expect(blind.body.message).toBe('This user cannot see this application.');
    });

    it('hides the application from other tenants (404) and needs useredit', async () => {
      expect((await as(siB).get(`/application-users/${appA}`)).status).toBe(404);
      expect((await as(siB).post(`/application-users/${appA}/users`, { userId: siAId })).status).toBe(404);
      expect((await as(siB).delete(`/application-users/${appA}/users/${siAId}`)).status).toBe(404);
      expect((await as(siA).get('/application-users/no_such_app')).status).toBe(404);
      const reader = await loginToken('reader_a');
      expect((await as(reader).get(`/application-users/${appA}`)).status).toBe(403);
      const ecToken = await loginToken('ec_a1');
      expect((await as(ecToken).get(`/application-users/${appA}`)).status).toBe(403);
    });

    it('forgets the associations with the application', async () => {
      await as(siA).post(`/application-users/${appA}/users`, { userId: ecUserId });
      await as(admin).post('/application/new/', { id: 'plant_gone', name: 'Gone', endCustomerId: customerA });
      await as(admin).post('/application-users/plant_gone/users', { userId: ecUserId });
      expect((await as(admin).delete('/application/plant_gone/')).status).toBe(204);
      await as(admin).post('/application/new/', { id: 'plant_gone', name: 'Gone again', endCustomerId: customerA });
      expect((await as(admin).get('/application-users/plant_gone')).body.users).toEqual([]);
      expect((await as(admin).get(`/application-users/${appA}`)).body.users).toHaveLength(1);
    });
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseBackends, startTestServer, type TestServer } from '../../../host/server/testing';
import applications from '../../applications/server';
import users from './index';

const PASSWORD = 'password-123';

// User Setup's Add user offers only users who can see the application, so none is refused after being offered
// (issue 12 item 17).
describe.each(databaseBackends())('User Setup’s user choices on %s', (backend) => {
  let server: TestServer;
  let admin: string;
  let siA: string;
  const ids = new Map<string, string>();
  const call = (method: string, path: string, token: string, body?: unknown) =>
    server.request(method, `/api${path}`, { token, body });
  const choices = async (token: string, appId = 'plant_a') => {
    const answer = await call('GET', `/application-users/${appId}/user-choices`, token);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return (answer.body as { username: string }[]).map((choice) => choice.username);
  };

  beforeAll(async () => {
    server = await startTestServer({ backend, plugins: [applications, users] });
    admin = (await server.login()).access_token;
    const group = async (name: string, organisationId?: string) =>
      (await call('POST', '/user-groups', admin, { name, permissions: ['useredit', 'nodemanagement'], organisationId })).body
        .id as string;
    const [cloudGroup, groupA, groupB] = [await group('Cloud'), await group('Org A', 'org_a'), await group('Org B', 'org_b')];
    const create = async (username: string, fields: Record<string, unknown>) => {
      const created = await call('POST', '/users', admin, { username, password: PASSWORD, name: username, ...fields });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      ids.set(username, created.body.id);
    };
    await create('operator', { level: 'cloud', groupId: cloudGroup });
    await create('si_a', { level: 'si-customer', groupId: groupA, organisationId: 'org_a' });
    await create('si_b', { level: 'si-customer', groupId: groupB, organisationId: 'org_b' });
    siA = (await server.login('si_a', PASSWORD)).access_token;
    const harbour = (await call('POST', '/customer/end-customer/', siA, { name: 'Harbour' })).body.id as string;
    const quay = (await call('POST', '/customer/end-customer/', siA, { name: 'Quay' })).body.id as string;
    await create('ec_harbour', { level: 'end-customer', groupId: groupA, endCustomerId: harbour });
    await create('ec_quay', { level: 'end-customer', groupId: groupA, endCustomerId: quay });
    await create('ec_default', { level: 'end-customer', groupId: cloudGroup, endCustomerId: 'end_default' });
    const app = await call('POST', '/application/new/', siA, { id: 'plant_a', name: 'Plant A', endCustomerId: harbour });
    expect(app.status).toBe(201);
  });
  afterAll(() => server?.close());

  it('offers only the users the caller manages who can see the application', async () => {
    // Not si_b (another organisation), nor end customers' users of other customers.
    expect(await choices(admin)).toEqual(['admin', 'ec_harbour', 'operator', 'si_a']);
    // An integrator manages no cloud users.
    expect(await choices(siA)).toEqual(['ec_harbour', 'si_a']);
    // Every choice is taken.
    for (const username of await choices(siA)) {
      const added = await call('POST', '/application-users/plant_a/users', siA, { userId: ids.get(username) });
      expect(added.status, username).toBe(201);
    }
  });

  it('leaves out the users already in the application', async () => {
    expect(await choices(siA)).toEqual([]);
    expect(await choices(admin)).toEqual(['admin', 'operator']);
  });

  it('is the application’s own: other tenants get 404, end customers 403', async () => {
    const siB = (await server.login('si_b', PASSWORD)).access_token;
    expect((await call('GET', '/application-users/plant_a/user-choices', siB)).status).toBe(404);
    const ec = (await server.login('ec_harbour', PASSWORD)).access_token;
    expect((await call('GET', '/application-users/plant_a/user-choices', ec)).status).toBe(403);
  });
});

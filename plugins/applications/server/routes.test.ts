import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseBackends, startTestServer, type TestServer } from '../../../host/server/testing';
import applications from './index';

describe.each(databaseBackends())('applications API on %s', (backend) => {
  let server: TestServer;
  let adminToken: string;

  beforeAll(async () => {
    server = await startTestServer({ backend, plugins: [applications] });
    adminToken = (await server.login()).access_token;
  });
  afterAll(() => server?.close());

  it('gives a cloud user the empty application list and the default end customer without applications', async () => {
    const response = await server.request('GET', '/api/application/', { token: adminToken });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      appList: [],
      endCustomerWithoutApps: [{ id: 'end_default', name: 'Default End Customer' }],
    });
  });

  it('hides the operator’s end customers from an end-customer user of no customer', async () => {
    await server.createUser({ username: 'viewer', password: 'viewer-password-1', level: 'end-customer' });
    const { access_token } = await server.login('viewer', 'viewer-password-1');
    const list = await server.request('GET', '/api/customer/end-customer-list/', { token: access_token });
    expect(list.status).toBe(200);
    expect(list.body).toEqual([]);
  });

  it('answers an empty event summary while no events exist', async () => {
    const response = await server.request('GET', '/api/system-events-api/system-events/summary/', { token: adminToken });
    expect(response.status).toBe(200);
    expect(response.body).toEqual([]);
  });

  it('refuses the list without a session', async () => {
    const response = await server.request('GET', '/api/application/');
    expect(response.status).toBe(401);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseBackends, startTestServer, type TestServer } from '../../../host/server/testing';
import plugin from './index';

// Each backend (PGlite always; PostgreSQL when DATABASE_URL is set) starts a real server with this plugin only.
describe.each(databaseBackends())('cost-management API on %s', (backend) => {
  let server: TestServer;
  let token: string;

  beforeAll(async () => {
    server = await startTestServer({ backend, plugins: [plugin] });
    token = (await server.login()).access_token;
  });
  afterAll(() => server?.close());

  it('lists an item once it was added', async () => {
    const added = await server.request('POST', '/api/cost-management/items', { token, body: { name: 'First item' } });
    expect(added.status).toBe(200);
    expect(added.body).toMatchObject({ name: 'First item' });

    const list = await server.request('GET', '/api/cost-management/items', { token });
    expect(list.status).toBe(200);
    expect(list.body).toEqual([expect.objectContaining({ name: 'First item' })]);
  });

  it('refuses an empty name, naming the field', async () => {
    const response = await server.request('POST', '/api/cost-management/items', { token, body: { name: '' } });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ field: 'name' });
  });

  it('answers 401 without a session', async () => {
    const response = await server.request('GET', '/api/cost-management/items');
    expect(response.status).toBe(401);
  });

  it('answers 404 while the test-feature licence is off', async () => {
    const unlicensed = await startTestServer({ backend, plugins: [plugin], licences: 'none' });
    try {
      const { access_token } = await unlicensed.login();
      const response = await unlicensed.request('GET', '/api/cost-management/items', { token: access_token });
      expect(response.status).toBe(404);
    } finally {
      await unlicensed.close();
    }
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseBackends, startTestServer, type TestServer } from '../../../host/server/testing';
import audit from './index';

describe.each(databaseBackends())('audit history API on %s', (backend) => {
  let server: TestServer;
  let adminToken: string;

  beforeAll(async () => {
    server = await startTestServer({ backend, plugins: [audit] });
    adminToken = (await server.login()).access_token;
  });
  afterAll(() => server?.close());

  it('lists failed and successful logins, newest first, paged', async () => {
    await server.request('POST', '/api/auth/login', { body: { username: 'admin', password: 'wrong-password' } });
    await server.login();
    const page = await server.request('GET', '/api/audit-history/?limit=10&offset=0', { token: adminToken });
    expect(page.status).toBe(200);
    expect(page.body.total).toBeGreaterThanOrEqual(3);
    const [newest, previous] = page.body.records;
    expect(newest).toMatchObject({ username: 'admin', outcome: 'success' });
    expect(previous).toMatchObject({ outcome: 'failure' });
    const second = await server.request('GET', '/api/audit-history/?limit=10&offset=1', { token: adminToken });
    expect(second.body.records[0].id).toBe(previous.id);
  });

  it('filters by keyword and rejects a page size outside 10, 50 and 100', async () => {
    const filtered = await server.request('GET', '/api/audit-history/?keyword=nobody-matches-this', { token: adminToken });
    expect(filtered.body).toEqual({ total: 0, records: [] });
    const bad = await server.request('GET', '/api/audit-history/?limit=7', { token: adminToken });
    expect(bad.status).toBe(400);
    expect(bad.body.field).toBe('limit');
  });

  it('shows an si-customer only its own organisation’s records and refuses end customers', async () => {
    await server.createUser({ username: 'integrator', password: 'integrator-pass-1', level: 'si-customer' });
    const integrator = (await server.login('integrator', 'integrator-pass-1')).access_token;
    const page = await server.request('GET', '/api/audit-history/', { token: integrator });
    expect(page.status).toBe(200);
    expect(page.body.records.map((record: { username: string }) => record.username)).not.toContain('admin');
    await server.createUser({ username: 'viewer', password: 'viewer-pass-1', level: 'end-customer' });
    const viewer = (await server.login('viewer', 'viewer-pass-1')).access_token;
    expect((await server.request('GET', '/api/audit-history/', { token: viewer })).status).toBe(403);
  });
});

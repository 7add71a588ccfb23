import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuditLogToken, OrganisationDirectoryToken } from '@sensorium/core/server';
import { databaseBackends, startTestServer, type TestServer } from '../../../../host/server/testing';
import applications from '../../../applications/server';
import devicePipeline from '../../../device-pipeline/server';
import events from '../../../events/server';
import nodes from '../../../nodes/server';
import publicAlert from '../../../public-alert/server';
import users from '../../../users/server';
import notifications from '../index';

describe.each(databaseBackends())('an organisation’s notification rate limit on %s', (backend) => {
  let server: TestServer;
  let admin: string;
  let organisationId: string;
  /** An si-customer of the organisation, allowed its settings. */
  let customer: string;
  const request = (method: string, path: string, token: string, body?: unknown) => server.request(method, path, { token, body });

  beforeAll(async () => {
    server = await startTestServer({
      backend,
      plugins: [applications, users, nodes, devicePipeline, events, publicAlert, notifications],
    });
    admin = (await server.login()).access_token;
    const directory = server.running.resolve(OrganisationDirectoryToken);
    organisationId = (await directory.create({ name: 'Pump Co', size: '', role: '', endCustomerId: null })).id;
    customer = await server.loginAs({ username: 'integrator', level: 'si-customer', organisationId, permissions: ['setting'] });
  });
  afterAll(() => server?.close());

  it('answers the default, 6 per 10 minutes, until the organisation sets its own, and audits the change', async () => {
    expect((await request('GET', '/api/notifications/rate-limit', customer)).body).toEqual({
      organisationId,
      own: false,
      maxSent: 6,
      windowMinutes: 10,
    });
    const saved = await request('PUT', '/api/notifications/rate-limit', customer, { maxSent: 20, windowMinutes: 60 });
    expect(saved).toMatchObject({ status: 200, body: { organisationId, own: true, maxSent: 20, windowMinutes: 60 } });
    // A cloud user names the organisation; without one it sees the default and cannot change anything.
    const named = await request('GET', `/api/notifications/rate-limit?organisationId=${organisationId}`, admin);
    expect(named.body).toMatchObject({ own: true, maxSent: 20 });
    expect((await request('GET', '/api/notifications/rate-limit', admin)).body).toEqual({
      organisationId: null,
      own: false,
      maxSent: 6,
      windowMinutes: 10,
    });
    const unnamed = await request('PUT', '/api/notifications/rate-limit', admin, { maxSent: 3, windowMinutes: 5 });
    expect(unnamed).toMatchObject({ status: 400, body: { field: 'organisationId' } });

    const { records } = await server.running.resolve(AuditLogToken).list({ limit: 10, offset: 0, keyword: 'rate-limit' });
    expect(records.map((record) => `${record.username} ${record.outcome}`)).toContain('integrator success');
  });

  it('refuses a count outside 1–1000 or a window outside 1–1440 minutes, naming the field and changing nothing', async () => {
    const cases = [
      [{ maxSent: 0, windowMinutes: 10 }, 'maxSent'],
      [{ maxSent: 1001, windowMinutes: 10 }, 'maxSent'],
      [{ maxSent: 2.5, windowMinutes: 10 }, 'maxSent'],
      [{ maxSent: 5, windowMinutes: 0 }, 'windowMinutes'],
      [{ maxSent: 5, windowMinutes: 1441 }, 'windowMinutes'],
    ] as const;
    for (const [body, field] of cases) {
      const refused = await request('PUT', '/api/notifications/rate-limit', customer, body);
      expect(refused, JSON.stringify(body)).toMatchObject({ status: 400, body: { field } });
    }
    expect((await request('GET', '/api/notifications/rate-limit', customer)).body).toMatchObject({
      maxSent: 20,
      windowMinutes: 60,
    });
  });

  it('keeps other organisations out and needs the setting permission', async () => {
    expect((await request('GET', '/api/notifications/rate-limit?organisationId=org_other', customer)).status).toBe(404);
    const viewer = await server.loginAs({ username: 'viewer', level: 'si-customer', organisationId });
    expect((await request('GET', '/api/notifications/rate-limit', viewer)).status).toBe(403);
    expect((await request('PUT', '/api/notifications/rate-limit', viewer, { maxSent: 1, windowMinutes: 1 })).status).toBe(403);
    const endUser = await server.loginAs({ username: 'tenant', level: 'end-customer', permissions: ['setting'] });
    expect((await request('GET', '/api/notifications/rate-limit', endUser)).status).toBe(403);
  });
});

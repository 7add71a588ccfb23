import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuditLogToken } from '@sensorium/core/server';
import { databaseBackends, startTestServer, type TestServer } from '../../../host/server/testing';
import applications from '../../applications/server';
import users from '../../users/server';
import { wallClock, type AuditHistoryRecord } from '../common';
import audit from './index';

const PASSWORD = 'password-123';
/** The report offset the server reads the enquiry's times at (the default +08:00). */
const HK = 8 * 60;
const range = (from: number, to: number) => {
  const start = wallClock(from, HK);
  const due = wallClock(to, HK);
  return { startDate: start.date, startTime: start.time, dueDate: due.date, dueTime: due.time };
};
const lastHour = () => range(Date.now() - 60 * 60_000, Date.now() + 60_000);

describe.each(databaseBackends())('audit history on %s', (backend) => {
  let server: TestServer;
  let admin: string;

  const enquiry = (token: string, body: Record<string, unknown> = {}, headers: Record<string, string> = {}) =>
    server.request<AuditHistoryRecord[]>('POST', '/api/audithistory/enquiry', {
      token,
      body: { ...lastHour(), ...body },
      headers,
    });
  const find = async (keyword: string, body: Record<string, unknown> = {}) => (await enquiry(admin, { keyword, ...body })).body;

  beforeAll(async () => {
    server = await startTestServer({ backend, plugins: [applications, users, audit] });
    admin = (await server.login()).access_token;
  });
  afterAll(() => server?.close());

  it('records sign-ins, failed ones too, with the user and the address', async () => {
    await server.request('POST', '/api/auth/login', { body: { username: 'admin', password: 'wrong-password' } });
    await server.login();
    const [signIn, failed] = await find('admin');
    expect(signIn).toMatchObject({ type: 'useraction', log: 'Signed in as admin', userId: 'admin', outcome: 'success' });
    expect(signIn!.userIp).toMatch(/127\.0\.0\.1/);
    expect(failed).toMatchObject({ log: 'Failed: Sign in (admin)', userId: 'admin', outcome: 'failure' });
  });

  it('records a create, an update and a delete with their names, the changed fields and masked secrets', async () => {
    const body = { id: 'north_pump', name: 'North Pump Station', endCustomerId: 'end_default' };
    expect((await server.request('POST', '/api/application/new/', { token: admin, body })).status).toBe(201);
    const [created] = await find('North Pump');
    expect(created).toMatchObject({
      log: 'Created application North Pump Station',
      location: 'North Pump Station',
      userId: 'admin',
    });

    const patched = await server.request('PATCH', '/api/application/north_pump', {
      token: admin,
      body: { name: 'North Pump, "Main" Station', description: '北泵站' },
    });
    expect(patched.status).toBe(200);
    const [updated] = await find('north_pump');
    expect(updated!.log).toBe('Changed application North Pump, "Main" Station');
    expect(updated!.location).toBe('North Pump, "Main" Station');
    expect(updated!.changes).toEqual(
      expect.arrayContaining([
        { field: 'name', old: 'North Pump Station', new: 'North Pump, "Main" Station' },
        { field: 'description', old: '', new: '北泵站' },
      ]),
    );
    expect(updated!.activityDetail).toContain('name: North Pump Station → North Pump, "Main" Station');

    const group = await server.request('POST', '/api/user-groups', {
      token: admin,
      body: { name: 'Operators', permissions: [] },
    });
    const user = await server.request('POST', '/api/users', {
      token: admin,
      body: { username: 'audit_bob', password: PASSWORD, name: 'Bob', level: 'cloud', groupId: group.body.id },
    });
    expect(user.status).toBe(201);
    const [userCreated] = await find('audit_bob');
    expect(userCreated!.log).toBe('Created user audit_bob');
    expect(userCreated!.changes).toContainEqual({ field: 'password', old: null, new: '***' });
    expect(JSON.stringify(userCreated)).not.toContain(PASSWORD);

    expect((await server.request('DELETE', '/api/application/north_pump/', { token: admin })).status).toBe(204);
    const [deleted] = await find('north_pump');
    expect(deleted).toMatchObject({
      log: 'Deleted application North Pump, "Main" Station',
      location: 'North Pump, "Main" Station',
    });
  });

  it('records a refused call with its error and field, in the reader’s language', async () => {
    const refused = await server.request('POST', '/api/application/new/', {
      token: admin,
      body: { id: 'bad id!', name: 'Refused Plant', endCustomerId: 'end_default' },
    });
    expect(refused.status).toBe(400);
    const [record] = await find('Refused Plant');
    expect(record).toMatchObject({ outcome: 'failure', log: 'Failed: Application created (Refused Plant)' });
    expect(record!.activityDetail).toMatch(/^Refused \(400\): .*\(field id\); id: bad id!/);
    const [chinese] = (await enquiry(admin, { keyword: 'Refused Plant' }, { 'accept-language': 'zh-CN' })).body;
    expect(chinese!.log).toMatch(/^失败：.+（Refused Plant）$/);
    expect(chinese!.activityDetail).toMatch(/^被拒绝（400）：/);
  });

  it('records a refused anonymous call once with the caller’s address, and at most 10 a minute from one address', async () => {
    const attempt = (name: string) => server.request('POST', '/api/user-groups', { body: { name, permissions: [] } });
    expect((await attempt('Anonymous Attempt')).status).toBe(401);
    const [record, ...others] = await find('Anonymous Attempt');
    expect(others).toEqual([]);
    expect(record).toMatchObject({ outcome: 'failure', userId: null, log: 'Failed: User group created (Anonymous Attempt)' });
    expect(record!.userIp).toMatch(/127\.0\.0\.1/);
    expect(record!.activityDetail).toMatch(/^Refused \(401\): /);

    for (let call = 0; call < 15; call++) expect((await attempt('Anonymous Burst')).status).toBe(401);
    // This address had 10 records this minute: the first call above and 9 of the burst; the rest are counted, not written.
    expect(await find('Anonymous Burst')).toHaveLength(9);
  });

  it('filters by range and type, pages with the total, and answers 400 naming the field', async () => {
    const page = await enquiry(admin, { offset: 0, limit: 2 });
    expect(page.status).toBe(200);
    expect(page.body).toHaveLength(2);
    expect(Number(page.headers['x-total-count'])).toBeGreaterThan(2);
    expect((await enquiry(admin, { type: 'device' })).body).toEqual([]);
    expect((await enquiry(admin, range(Date.now() - 3 * 86_400_000, Date.now() - 2 * 86_400_000))).body).toEqual([]);
    const bad = await enquiry(admin, { startTime: '25:00' });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ field: 'startTime', message: 'Enter a time as HH:mm.' });
    const badType = await enquiry(admin, { type: 'robots' }, { 'accept-language': 'zh-HK' });
    expect(badType.body).toMatchObject({ field: 'type', message: '請選擇 all、system、device、equipment 或 useraction。' });
    const noDay = await enquiry(admin, { startDate: '20260231' });
    expect(noDay.body).toMatchObject({ field: 'startDate' });
  });

  it('moves old records to the archive, which archive=yes reads', async () => {
    const auditLog = server.running.resolve(AuditLogToken);
    await server.request('POST', '/api/user-groups', { token: admin, body: { name: 'Archived Group', permissions: [] } });
    expect(await find('Archived Group')).toHaveLength(1);
    expect(await auditLog.archive(new Date(Date.now() + 1000))).toBeGreaterThan(0);
    expect(await find('Archived Group')).toEqual([]);
    const [archived] = await find('Archived Group', { archive: 'yes' });
    expect(archived).toMatchObject({ log: 'Created user group Archived Group' });
  });

  it('exports the range as the spec’s CSV: BOM, header lines, quoted fields and Chinese text', async () => {
    const name = '泵站, "A"\nline two';
    await server.request('POST', '/api/user-groups', { token: admin, body: { name, permissions: [] } });
    const response = await fetch(`${server.url}/api/audithistory/enquiry/csv`, {
      method: 'POST',
      headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json' },
      body: JSON.stringify({ ...lastHour(), type: 'useraction' }),
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(response.headers.get('content-disposition')).toMatch(/filename="\d{8}_\d{4} Audit History Report\.csv"/);
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const rows: string[][] = parse(new TextDecoder().decode(bytes.slice(3)), { relax_column_count: true });
    expect(rows[0]).toEqual(['Audit History Report']);
    expect(rows[1]![0]).toBe('Start Datetime');
    expect(rows[1]![1]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:00 \+0800$/);
    expect(rows[2]![0]).toBe('Due Datetime');
    expect(rows[3]![0]).toBe('Print Datetime');
    expect(rows[4]).toEqual(['Datetime', 'Type', 'Log', 'Activity Detail', 'User ID', 'User IP']);
    const group = rows.find((row) => row[2] === `Created user group ${name}`);
    expect(group).toBeDefined();
    expect(group![1]).toBe('User action');
    expect(group![4]).toBe('admin');
  });

  it('shows an si-customer only its organisation’s records and refuses end customers', async () => {
    const integrator = await server.loginAs({
      username: 'integrator',
      level: 'si-customer',
      organisationId: 'org_audit',
      permissions: ['useredit'],
    });
    await server.request('POST', '/api/user-groups', { token: integrator, body: { name: 'Integrator Group', permissions: [] } });
    const seen = (await enquiry(integrator)).body;
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.every((record) => record.userId === 'integrator')).toBe(true);
    const viewer = await server.loginAs({ username: 'viewer', level: 'end-customer' });
    expect((await enquiry(viewer)).status).toBe(403);
  });
});

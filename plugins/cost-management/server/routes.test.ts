import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DataSourceSinkToken, readWorkbookRows } from '@sensorium/core/server';
import {
  databaseBackends,
  redRangeField,
  startSmtpSink,
  startTestServer,
  type SmtpSink,
  type TestServer,
} from '../../../host/server/testing';
import applications from '../../applications/server';
import devicePipeline from '../../device-pipeline/server';
import eventActions from '../../event-actions/server';
import { startTestReceiver } from '../../event-actions/server/test-receiver';
import events from '../../events/server';
import nodes from '../../nodes/server';
import { alarmPlant, emailSetting, until } from '../../notifications/server/alarm-plant.fixture';
import notifications from '../../notifications/server';
import publicAlert from '../../public-alert/server';
import users from '../../users/server';
import type { UsageReport, UsageRow } from '../common';
import costManagement from './index';

const PLUGINS = [applications, users, nodes, devicePipeline, events, publicAlert, notifications, eventActions, costManagement];
const THIS_MONTH = new Date().toISOString().slice(0, 7);
const TANK = '00000000000c0001';
const HOOKED = '00000000000c0002';
const ORG_TANK = '00000000000c0003';

describe.each(databaseBackends())('usage report on %s', (backend) => {
  let server: TestServer;
  let sink: SmtpSink;
  let receiver: Awaited<ReturnType<typeof startTestReceiver>>;
  let admin: string;
  let integrator: string;

  const report = (token: string, query = `from=${THIS_MONTH}&to=${THIS_MONTH}`) =>
    server.request<UsageReport>('GET', `/api/cost-management/usage?${query}`, { token });
  const rowOf = (body: UsageReport, appId: string): UsageRow | undefined => body.rows.find((row) => row.appId === appId);
  const uplink = (eui: string, level: number) =>
    server.running
      .resolve(DataSourceSinkToken)
      .ingest([
        { source: 'chirpstack', deviceId: eui, receivedAt: new Date(), fields: { level }, raw: {}, dedupKey: `${eui}-${level}` },
      ]);

  beforeAll(async () => {
    sink = await startSmtpSink();
    receiver = await startTestReceiver();
    server = await startTestServer({ backend, plugins: PLUGINS, smtpUrl: sink.url, outboundAllow: ['127.0.0.1'] });
    admin = (await server.login()).access_token;

    // The operator's application: a tank e-mailing Alice on alarm, and a tank calling a webhook.
    const plant = await alarmPlant(server, admin, {
      application: { id: 'usage_plant', name: 'Usage Plant', endCustomerId: 'end_default' },
    });
    await plant.addTank('tank', TANK, emailSetting('ops'));
    await plant.addContact({ name: 'Alice', department: 'ops', email: 'alice@example.com' });
    const hooked = await server.request('POST', '/api/node-structure-item/usage_plant/items', {
      token: admin,
      body: {
        parentName: 'root',
        newItem: {
          itemType: 'item',
          itemName: 'hooked',
          dataSource: { type: 'chirpstack', deviceEUI: HOOKED },
          input: {
            level: redRangeField(
              'level',
              { name: 'high', from: 80, event: 'High' },
              {
                webhookSetting: { enable: true, method: 'POST', headers: '', body: '{}', url: receiver.url() },
              },
            ),
          },
        },
      },
    });
    expect(hooked.status, JSON.stringify(hooked.body)).toBe(201);
    await plant.raise(TANK); // one uplink, one e-mail
    await uplink(TANK, 20); // one more uplink, back to normal
    await uplink(HOOKED, 90); // one uplink, one webhook request
    await until(
      async () => receiver.requests.length,
      (count) => count === 1,
      15_000,
    );

    // An integrator's organisation with an application of its own, one uplink.
    integrator = await server.loginAs({
      username: 'integrator',
      level: 'si-customer',
      organisationId: 'org_usage',
      permissions: ['setting', 'useredit', 'nodemanagement'],
    });
    const customer = await server.request('POST', '/api/customer/end-customer/', {
      token: integrator,
      body: { name: 'Harbour' },
    });
    expect(customer.status, JSON.stringify(customer.body)).toBe(201);
    const orgPlant = await server.request('POST', '/api/application/new/', {
      token: integrator,
      body: { id: 'usage_harbour', name: 'Harbour Plant', description: '', endCustomerId: customer.body.id },
    });
    expect(orgPlant.status, JSON.stringify(orgPlant.body)).toBe(201);
    await server.request('GET', '/api/node-structure-item/usage_harbour/tree', { token: integrator });
    const orgTank = await server.request('POST', '/api/node-structure-item/usage_harbour/items', {
      token: integrator,
      body: {
        parentName: 'root',
        newItem: { itemType: 'item', itemName: 'pump', dataSource: { type: 'chirpstack', deviceEUI: ORG_TANK } },
      },
    });
    expect(orgTank.status, JSON.stringify(orgTank.body)).toBe(201);
    await uplink(ORG_TANK, 5);
  });
  afterAll(async () => {
    await server?.close();
    await sink?.close();
    await receiver?.close();
  });

  it("counts each application's uplinks, stored rows, e-mails and webhook requests of the month", async () => {
    const settled = await until(
      () => report(admin),
      (answer) =>
        (rowOf(answer.body, 'usage_plant')?.messages.email ?? 0) >= 1 &&
        (rowOf(answer.body, 'usage_plant')?.messages.webhook ?? 0) >= 1,
    );
    expect(settled.status).toBe(200);
    expect(settled.body.months).toEqual([THIS_MONTH]);
    expect(rowOf(settled.body, 'usage_plant')).toEqual({
      appId: 'usage_plant',
      appName: 'Usage Plant',
      endCustomerName: expect.any(String),
      month: THIS_MONTH,
      uplinks: 3,
      rawRows: 3,
      historyRows: 3,
      messages: { email: 1, sms: 0, whatsapp: 0, voice: 0, webhook: 1 },
    });
    expect(rowOf(settled.body, 'usage_harbour')).toMatchObject({
      uplinks: 1,
      rawRows: 1,
      historyRows: 1,
      endCustomerName: 'Harbour',
    });
  });

  it('leaves months without usage out', async () => {
    const answer = await report(admin, 'from=2001-01&to=2001-03');
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ months: ['2001-01', '2001-02', '2001-03'], rows: [] });
    expect(answer.body.applications).toBeGreaterThanOrEqual(2);
  });

  it("shows an si-customer its organisation's applications only", async () => {
    const answer = await report(integrator);
    expect(answer.status).toBe(200);
    expect(answer.body.applications).toBe(1);
    expect(answer.body.rows.map((row) => row.appId)).toEqual(['usage_harbour']);
    const stranger = await server.loginAs({
      username: 'stranger',
      level: 'si-customer',
      organisationId: 'org_other',
      permissions: ['setting'],
    });
    expect((await report(stranger)).body).toMatchObject({ applications: 0, rows: [] });
  });

  it('refuses end customers and users without the setting permission', async () => {
    const viewer = await server.loginAs({
      username: 'viewer',
      level: 'si-customer',
      organisationId: 'org_usage',
      permissions: ['useredit'],
    });
    expect((await report(viewer)).status).toBe(403);
    const endUser = await server.loginAs({ username: 'end-user', level: 'end-customer', permissions: ['setting'] });
    expect((await report(endUser)).status).toBe(403);
  });

  it('answers 400 naming the field for a bad month or range, in the caller’s language', async () => {
    const bad = await report(admin, `from=2026-13&to=${THIS_MONTH}`);
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ field: 'from', message: 'Please enter a month as YYYY-MM.' });
    const reversed = await report(admin, 'from=2026-05&to=2026-04');
    expect(reversed.status).toBe(400);
    expect(reversed.body).toMatchObject({ field: 'to', message: 'The last month must not come before the first month.' });
    const long = await server.request('GET', '/api/cost-management/usage?from=2020-01&to=2022-01', {
      token: admin,
      headers: { 'accept-language': 'zh-HK' },
    });
    expect(long.status).toBe(400);
    expect(long.body).toMatchObject({ field: 'to', message: '一份報告最多涵蓋 24 個月。' });
    expect((await report(admin, `to=${THIS_MONTH}`)).body).toMatchObject({ field: 'from' });
  });

  it('exports the report as an Excel file', async () => {
    const response = await fetch(`${server.url}/api/cost-management/usage/export?from=${THIS_MONTH}&to=${THIS_MONTH}`, {
      headers: { authorization: `Bearer ${admin}` },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toContain('usage_report.xlsx');
    const rows = await readWorkbookRows(await response.arrayBuffer());
    expect(rows[0]).toEqual(expect.arrayContaining(['Month', 'Application', 'Uplinks received', 'E-mail', 'Webhooks']));
    expect(rows.some((row) => row[2] === 'usage_plant' && row[4] === 3)).toBe(true);
  });

  it('does not exist while the test-feature licence is off', async () => {
    const unlicensed = await startTestServer({ backend, plugins: PLUGINS, licences: 'iot' });
    try {
      const { access_token } = await unlicensed.login();
      const answer = await unlicensed.request('GET', `/api/cost-management/usage?from=${THIS_MONTH}&to=${THIS_MONTH}`, {
        token: access_token,
      });
      expect(answer.status).toBe(404);
    } finally {
      await unlicensed.close();
    }
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { DatabaseToken, queryRows } from '@sensorium/core/server';
import { EventStoreToken } from '@sensorium/events/common';
import { databaseBackends, startTestServer, type TestServer } from '../../../host/server/testing';
import applications from '../../applications/server';
import backups from '../../backups/server';
import devicePipeline from '../../device-pipeline/server';
import events from '../../events/server';
import nodes from '../../nodes/server';
import notifications from '../../notifications/server';
import publicAlert from '../../public-alert/server';
import type { EventRule } from '../common';
import { rulesDataParticipant } from './application-data';
import plugin from './index';
import { ruleBody } from './test-rules';

describe.each(databaseBackends())('event settings API on %s', (backend) => {
  let server: TestServer;
  let admin: string;
  const api = (appId = 'rules_app') => `/api/system-events-api/${appId}/event-settings`;

  beforeAll(async () => {
    server = await startTestServer({
      backend,
      plugins: [applications, nodes, devicePipeline, events, backups, publicAlert, notifications, plugin],
    });
    admin = (await server.login()).access_token;
    const created = await server.request('POST', '/api/application/new/', {
      token: admin,
      body: { id: 'rules_app', name: 'Rules', description: '', endCustomerId: 'end_default' },
    });
    expect(created.status).toBe(201);
  });
  afterAll(() => server?.close());

  it('creates, lists, reads, replaces and deletes an event setting', async () => {
    const created = await server.request<EventRule>('POST', api(), { token: admin, body: ruleBody() });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body).toMatchObject({ appId: 'rules_app', name: 'Too hot', severity: 4, enabled: true });
    expect(created.body.conditions.triggerRanges).toEqual([{ min: 30, max: null }]);
    const id = created.body.id;

    expect((await server.request('GET', api(), { token: admin })).body).toEqual([created.body]);
    expect((await server.request('GET', `${api()}/${id}`, { token: admin })).body).toEqual(created.body);

    const replaced = await server.request<EventRule>('PUT', `${api()}/${id}`, {
      token: admin,
      body: ruleBody({ durationSeconds: 30, hysteresis: 2 }, { name: 'Hot for 30 s', enabled: false }),
    });
    expect(replaced.status).toBe(200);
    expect(replaced.body).toMatchObject({ name: 'Hot for 30 s', enabled: false });
    expect(replaced.body.conditions).toMatchObject({ durationSeconds: 30, hysteresis: 2 });

    expect((await server.request('DELETE', `${api()}/${id}`, { token: admin })).status).toBe(204);
    expect((await server.request('GET', `${api()}/${id}`, { token: admin })).status).toBe(404);
    expect((await server.request('DELETE', `${api()}/${id}`, { token: admin })).status).toBe(404);
    expect((await server.request('GET', api(), { token: admin })).body).toEqual([]);
  });

  it.each([
    ['name', ruleBody({}, { name: '  ' }), 'Please enter a name.'],
    ['severity', ruleBody({}, { severity: 5 }), undefined],
    ['conditions.field', ruleBody({ field: '' }), 'Please enter the field.'],
    ['conditions.triggerRanges', ruleBody({ triggerRanges: [] }), 'Please add a trigger range.'],
    ['conditions.triggerRanges.0.max', ruleBody({ triggerRanges: [{ min: 5, max: 1 }] }), undefined],
    ['conditions.devices', ruleBody({ allDevices: false }), undefined],
    ['conditions.resumeRanges', ruleBody({ resumeOnAny: false }), undefined],
    ['conditions.durationSeconds', ruleBody({ durationSeconds: -1 }), undefined],
    ['timeSlots.0.startTime', ruleBody({}, { timeSlots: [{ ...timeSlot(), startTime: '25:00:00' }] }), undefined],
  ])('refuses a bad %s with a translated 400 and stores nothing', async (field, body, message) => {
    const response = await server.request('POST', api(), { token: admin, body });
    expect(response.status).toBe(400);
    expect(response.body.field).toBe(field);
    if (message) expect(response.body.message).toBe(message);
    expect((await server.request('GET', api(), { token: admin })).body).toEqual([]);
  });

  it('checks an enabled webhook as the Webhook dialog does, in the caller’s language', async () => {
    const body = ruleBody();
    body.actions.webhook = { enable: true, method: 'POST', url: 'ftp://example.com', headers: '', body: '' };
    const response = await server.request('POST', api(), { token: admin, body, headers: { 'accept-language': 'hk' } });
    expect(response.status).toBe(400);
    expect(response.body.field).toBe('actions.webhook.url');
    body.actions.webhook.enable = false;
    expect((await server.request('POST', api(), { token: admin, body })).status).toBe(201);
    await server.request('DELETE', `${api()}/${(await server.request('GET', api(), { token: admin })).body[0].id}`, {
      token: admin,
    });
  });

  it('checks the notification’s escalation with the range’s rules and keeps a good one', async () => {
    const body = ruleBody();
    const escalation = { enable: true, everyMinutes: 0, repeats: 2, nextPriority: true };
    body.actions.notification.escalation = escalation;
    const refused = await server.request('POST', api(), { token: admin, body });
    expect(refused.body).toMatchObject({
      field: 'actions.notification.escalation.everyMinutes',
      message: 'This field must be at least 1.',
    });
    body.actions.notification.escalation = { ...escalation, everyMinutes: 15, repeats: 101 };
    expect((await server.request('POST', api(), { token: admin, body })).body).toMatchObject({
      field: 'actions.notification.escalation.repeats',
      message: 'This field must be at most 100.',
    });
    body.actions.notification.escalation = { ...escalation, everyMinutes: 15 };
    const created = await server.request('POST', api(), { token: admin, body });
    expect(created.status).toBe(201);
    const stored = await server.request('GET', `${api()}/${created.body.id}`, { token: admin });
    expect(stored.body.actions.notification.escalation).toEqual({ ...escalation, everyMinutes: 15 });
    await server.request('DELETE', `${api()}/${created.body.id}`, { token: admin });
  });

  it('answers 403 without the eventsetting permission and 404 to another tenant', async () => {
    const noPermission = await server.loginAs({ username: 'rules_viewer', permissions: ['event'] });
    expect((await server.request('GET', api(), { token: noPermission })).status).toBe(403);
    expect((await server.request('POST', api(), { token: noPermission, body: ruleBody() })).status).toBe(403);

    const stranger = await server.loginAs({ username: 'rules_stranger', organisationId: 'org_x', permissions: ['eventsetting'] });
    expect((await server.request('GET', api(), { token: stranger })).status).toBe(404);
    expect((await server.request('POST', api(), { token: stranger, body: ruleBody() })).status).toBe(404);
    expect((await server.request('GET', api('no_such_app'), { token: admin })).status).toBe(404);
  });

  it('is kept in the application’s backups and restored as new rules, into another application too', async () => {
    const created = await server.request<EventRule>('POST', api(), { token: admin, body: ruleBody({}, { name: 'Backed up' }) });
    expect(created.status).toBe(201);
    const copy = await server.request('POST', '/api/application/new/', {
      token: admin,
      body: { id: 'rules_copy', name: 'Copy', description: '', endCustomerId: 'end_default' },
    });
    expect(copy.status).toBe(201);
    const db = server.running.container.resolve(DatabaseToken);
    const participant = rulesDataParticipant(db, server.running.resolve(EventStoreToken), () => {});
    const exported = await participant.exportData('rules_app');
    await db.transaction((tx) => participant.importData('rules_copy', exported, tx));
    const restored = (await server.request<EventRule[]>('GET', api('rules_copy'), { token: admin })).body;
    expect(restored).toEqual([
      expect.objectContaining({ appId: 'rules_copy', name: 'Backed up', conditions: created.body.conditions }),
    ]);
    expect(restored[0]!.id).not.toBe(created.body.id);

    await db.transaction((tx) => participant.deleteData('rules_app', tx));
    expect((await server.request('GET', api(), { token: admin })).body).toEqual([]);
  });

  it('points the events rules raised at the restored rules, or at none when the rule is not in the backup', async () => {
    const send = (method: string, path: string, body?: unknown) => server.request(method, path, { token: admin, body });
    expect(
      (await send('POST', '/api/application/new/', { id: 'rules_events', name: 'Rule events', endCustomerId: 'end_default' }))
        .status,
    ).toBe(201);
    const item = await send('POST', '/api/node-structure-item/rules_events/items', {
      parentName: 'root',
      newItem: { itemType: 'item', itemName: 'oven', dataSource: { type: 'api', sensorType: 'thermometer' } },
    });
    expect(item.status, JSON.stringify(item.body)).toBe(201);
    const rule = await server.request<EventRule>('POST', api('rules_events'), { token: admin, body: ruleBody() });
    expect(rule.status).toBe(201);
    const gone = '00000000-0000-4000-8000-0000000000aa';
    const db = server.running.container.resolve(DatabaseToken);
    await db.execute(sql`INSERT INTO node_events (app_id, item_uuid, item_name, field, range_index, severity, rule_id, event_type)
      VALUES ('rules_events', ${item.body.uuid}, 'oven', 'temperature', -1001, 4, ${rule.body.id}, 'kept'),
             ('rules_events', ${item.body.uuid}, 'oven', 'temperature', -1002, 3, ${gone}, 'gone'),
             ('rules_events', ${item.body.uuid}, 'oven', 'temperature', 0, 1, NULL, 'range')`);
    const backup = await send('POST', '/api/backup/rules_events', { description: 'With rule events' });
    expect(backup.status).toBe(201);
    const ruleOf = async (appId: string) =>
      Object.fromEntries(
        (
          await queryRows<{ event_type: string; rule_id: string | null }>(
            db,
            sql`SELECT event_type, rule_id FROM node_events WHERE app_id = ${appId}`,
          )
        ).map((row) => [row.event_type, row.rule_id]),
      );
    const rulesOf = async (appId: string) => (await server.request<EventRule[]>('GET', api(appId), { token: admin })).body;

    const restore = (body: object) => send('POST', `/api/backup/rules_events/${backup.body.folder}/restore`, body);
    expect((await restore({ targetAppId: 'rules_events_copy' })).status).toBe(200);
    const [copy] = await rulesOf('rules_events_copy');
    expect(copy!.id).not.toBe(rule.body.id);
    expect(await ruleOf('rules_events_copy')).toEqual({ kept: copy!.id, gone: null, range: null });
    // The original is untouched by a restore elsewhere.
    expect(await ruleOf('rules_events')).toEqual({ kept: rule.body.id, gone, range: null });

    expect((await restore({})).status).toBe(200);
    const [again] = await rulesOf('rules_events');
    expect(await ruleOf('rules_events')).toEqual({ kept: again!.id, gone: null, range: null });
  });

  it('offers the application’s devices with their types, tags, fields and commands', async () => {
    const added = await server.request('POST', '/api/node-structure-item/rules_app/items', {
      token: admin,
      body: {
        newItem: {
          itemType: 'item',
          itemName: 'fridge-1',
          dataSource: { type: 'api', sensorType: 'thermometer', commands: [{ id: 'cool', display: 'Cool down' }] },
          geoInfo: { tags: ['kitchen'] },
        },
        parentName: 'root',
      },
    });
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    const devices = await server.request('GET', `${api()}/devices`, { token: admin });
    expect(devices.status).toBe(200);
    expect(devices.body).toEqual([
      expect.objectContaining({
        itemName: 'fridge-1',
        deviceType: 'thermometer',
        tags: ['kitchen'],
        commands: expect.arrayContaining([{ id: 'cool', display: 'Cool down' }]),
      }),
    ]);
  });
});

function timeSlot() {
  return {
    always: true,
    beginOn: null,
    until: null,
    allDay: false,
    startTime: '08:00:00',
    endTime: '18:00:00',
    weekdays: [false, true, true, true, true, true, false],
  };
}

import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PUSH_TOPICS, type PushMessage } from '@sensorium/core/common';
import {
  DatabaseToken,
  DataSourceSinkToken,
  defineServerPlugin,
  queryRows,
  UserDirectoryToken,
  type Database,
  type DataSourceSink,
} from '@sensorium/core/server';
import { defaultFieldPreference, ItemLookupToken, type FieldPreference, type RangeEntry } from '@sensorium/nodes/common';
import type { EventNode } from '@sensorium/device-pipeline/common';
import {
  connectPush,
  createTestApplication,
  databaseBackends,
  startTestServer,
  type TestServer,
} from '../../../host/server/testing';
import applications from '../../applications/server';
import devicePipeline from '../../device-pipeline/server';
import nodes from '../../nodes/server';
import users from '../../users/server';
import backups from '../../backups/server';
import { ApplicationAccessToken } from '@sensorium/applications/common';
import { EventStoreToken, eventTransitionHooks, type EventRecord, type EventTransition } from '../common';
import { eventsDataParticipant } from './application-data';
import { EventWriter } from './event-writer';
import events from './index';

const APP = 'lifecycle';
const NORTH = '00000000000f0001';
const SOUTH = '00000000000f0002';
const TANK = '00000000000f0003';
const BOILER = '00000000000f0004';

const notificationSetting = {
  smsEnabled: true,
  smsTemplate: '{{itemName}} is high',
  whatsappEnabled: false,
  emailEnabled: true,
  emailTemplate: '<p>{{itemName}}</p>',
  voiceEnabled: false,
  voiceTemplate: '',
  departments: ['ops'],
};
const webhookSetting = { enable: true, method: 'POST' as const, url: 'https://example.com/hook', headers: '', body: '' };
const task = {
  taskCreated: { enable: true, device: 'pump', commandId: 'stop' },
  taskAcked: { enable: false, device: '', commandId: '' },
  taskCleared: { enable: false, device: '', commandId: '' },
};

function range(name: string, start: number, end: number, event: Partial<RangeEntry['eventSetting']> | null): RangeEntry {
  return {
    name,
    color: event ? 'red' : 'green',
    icon: 'fa-check',
    value: 0,
    startNum: start,
    endNum: end,
    eventSetting: { name: `${name} event`, enable: event !== null, allowAutoClear: false, ...event },
  };
}

const field = (name: string, ranges: RangeEntry[]): FieldPreference => ({
  ...defaultFieldPreference(name),
  rangeSettings: { belowMinimum: { minNumber: null }, aboveMaximum: { maxNumber: null }, ranges },
});

/** Power above 50 raises an event that stays until someone clears it. */
const power = field('power', [range('normal', 0, 50, null), range('hot', 50, 1000, {})]);
/** Level above 70 raises an event with the range's notification, webhook and task; it resumes but never clears itself. */
const level = field('level', [
  range('ok', 0, 70, null),
  { ...range('high', 70, 100, { task }), notificationSetting, webhookSetting },
]);
/** Temperature above 30 raises an event that clears itself once the value is back to normal. */
const temperature = field('temperature', [range('normal', 0, 30, null), range('hot', 30, 100, { allowAutoClear: true })]);

interface SeenTransition {
  kind: EventTransition['kind'];
  eventId: string;
  itemName: string;
  eventStatus: string;
  resumeStatus: string | null;
  value: string | null;
  actor: string;
  comment: string | null;
  detail: Record<string, unknown>;
  /** The event's status as the hook's transaction reads it. */
  statusInTransaction: string | undefined;
}

/** A plugin contributing a transition hook, as notifications and event-actions do. */
const probe = {
  seen: [] as SeenTransition[],
  /** The next call writes a history row and then fails. */
  failNext: false,
};
const hookPlugin = defineServerPlugin({
  manifest: { id: 'hook-probe', version: '1.0.0', dependsOn: ['events'] },
  register(context) {
    context.contribute(eventTransitionHooks, async (tx, transitions) => {
      for (const { kind, event, actor, comment, detail } of transitions) {
        const [row] = await queryRows<{ event_status: string }>(
          tx,
          sql`SELECT event_status FROM node_events WHERE id = ${event.id}`,
        );
        probe.seen.push({
          kind,
          eventId: event.id,
          itemName: event.itemName,
          eventStatus: event.eventStatus,
          resumeStatus: event.resumeStatus,
          value: event.value,
          actor: actor.label,
          comment,
          detail,
          statusInTransaction: row?.event_status,
        });
      }
      if (probe.failNext) {
        probe.failNext = false;
        await tx.execute(sql`INSERT INTO events_history (event_id, kind, actor_kind, actor_label)
          VALUES (${transitions[0]!.event.id}, 'notified', 'system', 'probe')`);
        throw new Error('the hook failed');
      }
    });
  },
});

describe.each(databaseBackends())('the event lifecycle on %s', (backend) => {
  let server: TestServer;
  let db: Database;
  let sink: DataSourceSink;
  let admin: string;
  let uplinks = 0;
  /** Each uplink a second after the one before (an older one would not change the item's values). */
  let clock = Date.now() - 3_600_000;

  const api = `/api/system-events-api/${APP}/events`;
  const act = (action: 'ack' | 'clear', body: unknown, token = admin) =>
    server.request<{ events: EventRecord[] }>('POST', `${api}/${action}`, { token, body });
  const send = async (deviceId: string, fields: Record<string, unknown>[]) => {
    const outcome = await sink.ingest(
      fields.map((values) => ({
        source: 'chirpstack',
        deviceId,
        dedupKey: `lifecycle-${++uplinks}`,
        receivedAt: new Date((clock += 1000)),
        fields: values,
        raw: {},
      })),
    );
    expect(outcome).toMatchObject({ stored: fields.length });
  };
  const openEvent = async (itemName: string): Promise<EventRecord> => {
    const [row] = await queryRows<{ id: string }>(
      db,
      sql`SELECT id FROM node_events WHERE app_id = ${APP} AND item_name = ${itemName} AND NOT is_cleared`,
    );
    expect(row, `an open event of ${itemName}`).toBeDefined();
    return (await server.running.resolve(EventStoreToken).get(APP, row!.id))!;
  };
  const historyOf = async (eventId: string) =>
    (await server.running.resolve(EventStoreToken).history(eventId)).map(({ kind, actor, comment, detail }) => ({
      kind,
      actor: actor.label,
      comment,
      detail,
    }));
  /** A fresh open Hot event on the meter (the last one is cleared first). */
  const raise = async (deviceId: string, itemName: string) => {
    await db.execute(sql`UPDATE node_events SET is_cleared = true, event_status = 'cleared' WHERE item_name = ${itemName}`);
    await send(deviceId, [{ power: 10 }, { power: 80 }]);
    return openEvent(itemName);
  };

  beforeAll(async () => {
    server = await startTestServer({
      backend,
      plugins: [applications, users, nodes, devicePipeline, events, backups, hookPlugin],
    });
    db = server.running.resolve(DatabaseToken);
    sink = server.running.resolve(DataSourceSinkToken);
    admin = (await server.login()).access_token;
    const call = (method: string, path: string, body?: unknown) => server.request(method, path, { token: admin, body });
    await createTestApplication(server, admin, { id: APP, name: 'Lifecycle' });
    const nodesApi = `/api/node-structure-item/${APP}`;
    for (const [itemName, deviceEUI, tag, input] of [
      ['north-meter', NORTH, 'north', { power }],
      ['south-meter', SOUTH, 'south', { power }],
      ['tank', TANK, 'north', { level }],
      ['boiler', BOILER, 'north', { temperature }],
    ] as const) {
      const added = await call('POST', `${nodesApi}/items`, {
        parentName: 'root',
        newItem: { itemType: 'item', itemName, dataSource: { type: 'chirpstack', deviceEUI }, input },
      });
      expect(added.status, JSON.stringify(added.body)).toBe(201);
      expect((await call('PATCH', `${nodesApi}/items/${added.body.uuid}`, { tags: [tag] })).status).toBe(200);
    }
  });
  afterAll(() => server?.close());
  beforeEach(() => {
    probe.seen = [];
  });

  it('writes created, updated (resume, re-entry) and auto-cleared history rows from real uplinks, with the range’s actions', async () => {
    // One batch: high (created), back to ok (resume); then high again (re-entry) and ok again.
    await send(TANK, [{ level: 80 }, { level: 50 }]);
    await send(TANK, [{ level: 85 }]);
    const tank = await openEvent('tank');
    expect(tank).toMatchObject({ value: '85.00', resumeStatus: null, eventStatus: 'created' });
    expect(tank.actions).toEqual({ notification: notificationSetting, webhook: webhookSetting, task });
    expect(await historyOf(tank.id)).toEqual([
      { kind: 'created', actor: 'system', comment: null, detail: { value: '80.00' } },
      { kind: 'updated', actor: 'system', comment: null, detail: { reason: 'resume', resumeStatus: 'ok', value: '50.00' } },
      { kind: 'updated', actor: 'system', comment: null, detail: { reason: 'reopen', value: '85.00' } },
    ]);

    await send(BOILER, [{ temperature: 50 }, { temperature: 10 }]);
    const [boiler] = await queryRows<{ id: string; cleared_by: string; event_status: string }>(
      db,
      sql`SELECT id, cleared_by, event_status FROM node_events WHERE item_name = 'boiler'`,
    );
    expect(boiler).toMatchObject({ cleared_by: 'system', event_status: 'cleared' });
    expect((await historyOf(boiler!.id)).map((row) => row.kind)).toEqual(['created', 'updated', 'auto-cleared']);

    // The hook saw each step with the event as that step left it, inside the ingest transaction.
    expect(probe.seen.filter((seen) => seen.itemName === 'tank')).toEqual([
      expect.objectContaining({ kind: 'created', eventStatus: 'created', resumeStatus: null, value: '80.00' }),
      expect.objectContaining({ kind: 'updated', resumeStatus: 'ok', detail: expect.objectContaining({ reason: 'resume' }) }),
      expect.objectContaining({ kind: 'updated', resumeStatus: null, value: '85.00', statusInTransaction: 'created' }),
    ]);
    expect(probe.seen.filter((seen) => seen.itemName === 'boiler')).toEqual([
      expect.objectContaining({ kind: 'created', eventStatus: 'created', actor: 'system' }),
      expect.objectContaining({ kind: 'updated', eventStatus: 'created', resumeStatus: 'normal' }),
      expect.objectContaining({ kind: 'auto-cleared', eventStatus: 'cleared', statusInTransaction: 'cleared' }),
    ]);
  });

  it('acknowledges an event with a comment: history, hook in the transaction, audit and push', async () => {
    const event = await raise(NORTH, 'north-meter');
    const socket = await connectPush(server, admin);
    const pushes: PushMessage[] = [];
    socket.on('message', (data) => pushes.push(JSON.parse(String(data)) as PushMessage));
    probe.seen = [];

    const response = await act('ack', { ids: [event.id], comment: 'On my way' });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body.events).toEqual([
      expect.objectContaining({ id: event.id, eventStatus: 'acked', isAcknowledged: true, acknowledgedBy: 'admin' }),
    ]);
    expect(response.body.events[0]!.acknowledgedDateTime).toEqual(expect.any(String));
    expect((await historyOf(event.id)).at(-1)).toEqual({
      kind: 'acknowledged',
      actor: 'admin',
      comment: 'On my way',
      detail: {},
    });
    expect(probe.seen).toEqual([
      expect.objectContaining({ kind: 'acknowledged', eventId: event.id, actor: 'admin', comment: 'On my way' }),
    ]);
    expect(probe.seen[0]!.statusInTransaction).toBe('acked');

    const audit = await queryRows<{ username: string; target: string; detail: Record<string, unknown> }>(
      db,
      sql`SELECT username, target, detail FROM audit_records WHERE action = 'events.acknowledge' AND target = ${event.id}`,
    );
    expect(audit).toEqual([
      {
        username: 'admin',
        target: event.id,
        detail: expect.objectContaining({ appId: APP, itemName: 'north-meter', comment: 'On my way', actorKind: 'user' }),
      },
    ]);
    await expect
      .poll(() => pushes.find((message) => message.topic === PUSH_TOPICS.systemEventUpdate)?.data)
      .toEqual({ appId: APP });
    socket.close();

    // Acknowledging it again changes nothing and is no error.
    const again = await act('ack', { ids: [event.id] });
    expect(again.status).toBe(200);
    expect(again.body.events).toEqual([]);
  });

  it('clears acknowledged and unacknowledged events in bulk, skipping unknown ids and cleared events', async () => {
    const acked = await raise(NORTH, 'north-meter');
    const fresh = await raise(SOUTH, 'south-meter');
    expect((await act('ack', { ids: [acked.id] })).body.events).toHaveLength(1);
    const unknown = '00000000-0000-4000-8000-000000000000';

    const response = await act('clear', { ids: [acked.id, fresh.id, unknown], comment: 'Fixed' });
    expect(response.status).toBe(200);
    expect(response.body.events.map((event) => event.id).sort()).toEqual([acked.id, fresh.id].sort());
    for (const event of response.body.events) {
      expect(event).toMatchObject({ eventStatus: 'cleared', isCleared: true, clearedBy: 'admin' });
    }
    expect(response.body.events.find((event) => event.id === acked.id)).toMatchObject({ isAcknowledged: true });
    expect(response.body.events.find((event) => event.id === fresh.id)).toMatchObject({ isAcknowledged: false });
    expect((await historyOf(fresh.id)).map((row) => [row.kind, row.comment])).toEqual([
      ['created', null],
      ['cleared', 'Fixed'],
    ]);
    expect((await historyOf(acked.id)).map((row) => row.kind)).toEqual(['created', 'acknowledged', 'cleared']);

    // Cleared events take neither an acknowledgement nor a second clear.
    expect((await act('ack', { ids: [fresh.id] })).body.events).toEqual([]);
    expect((await act('clear', { ids: [fresh.id] })).body.events).toEqual([]);
    expect(await historyOf(fresh.id)).toHaveLength(2);
  });

  it('answers 403 without the event permission, 404 to another tenant and 400 naming the field, changing nothing', async () => {
    const event = await raise(NORTH, 'north-meter');
    const noPermission = await server.loginAs({ username: 'no_event_permission', permissions: ['nodemanagement'] });
    const stranger = await server.loginAs({ username: 'other_tenant', organisationId: 'org_other', permissions: ['event'] });
    expect((await act('ack', { ids: [event.id] }, noPermission)).status).toBe(403);
    expect((await act('clear', { ids: [event.id] }, stranger)).status).toBe(404);
    const otherApp = await server.request('POST', '/api/system-events-api/no_such_app/events/ack', {
      token: admin,
      body: { ids: [event.id] },
    });
    expect(otherApp.status).toBe(404);

    const problems = [
      [{}, 'ids'],
      [{ ids: [] }, 'ids'],
      [{ ids: ['not-a-uuid'] }, 'ids'],
      [{ ids: Array.from({ length: 201 }, () => event.id) }, 'ids'],
      [{ ids: [event.id], comment: 'x'.repeat(501) }, 'comment'],
    ] as const;
    for (const [body, field] of problems) {
      const response = await act('ack', body);
      expect(response.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(response.body).toMatchObject({ field, message: expect.any(String) });
    }
    expect(await openEvent('north-meter')).toMatchObject({ id: event.id, isAcknowledged: false });
    expect(await historyOf(event.id)).toHaveLength(1);
    expect(probe.seen.filter((seen) => seen.kind === 'acknowledged' || seen.kind === 'cleared')).toEqual([]);
  });

  it('lets a user limited to device tags act only on the events of items it sees', async () => {
    const north = await raise(NORTH, 'north-meter');
    const south = await raise(SOUTH, 'south-meter');
    const directory = server.running.container.resolve(UserDirectoryToken);
    const group = await directory.createGroup({ name: 'North operators', permissions: ['event'] });
    const user = await directory.createUser({
      username: 'north_operator',
      password: 'north-operator-password-1',
      level: 'end-customer',
      groupId: group.id,
      endCustomerId: 'end_default',
    });
    const added = await server.request('POST', `/api/application-users/${APP}/users`, {
      token: admin,
      body: { userId: user.id, deviceTags: ['north'] },
    });
    expect(added.status).toBe(201);
    const operator = (await server.login('north_operator', 'north-operator-password-1')).access_token;

    const response = await act('ack', { ids: [north.id, south.id] }, operator);
    expect(response.status).toBe(200);
    expect(response.body.events.map((event) => [event.id, event.acknowledgedBy])).toEqual([[north.id, 'north_operator']]);
    expect(await openEvent('south-meter')).toMatchObject({ isAcknowledged: false });
  });

  it('rolls the step back, with what a hook wrote, when a hook fails', async () => {
    const event = await raise(NORTH, 'north-meter');
    probe.failNext = true;
    const response = await act('clear', { ids: [event.id] });
    expect(response.status).toBe(500);
    expect(await openEvent('north-meter')).toMatchObject({ id: event.id, isCleared: false, eventStatus: 'created' });
    expect((await historyOf(event.id)).map((row) => row.kind)).toEqual(['created']);
    const audit = await queryRows(db, sql`SELECT 1 FROM audit_records WHERE action = 'events.clear' AND target = ${event.id}`);
    expect(audit).toEqual([]);
  });

  it('updates the open event of the same item, field and range when a create meets it, instead of a second event', async () => {
    const open = await raise(NORTH, 'north-meter');
    const writer = new EventWriter([]);
    writer.add(
      { uuid: open.itemUuid, appId: APP, itemName: open.itemName },
      {
        kind: 'create',
        field: open.field,
        rangeIndex: open.rangeIndex,
        rangeName: open.rangeName,
        severity: open.severity,
        description: open.description,
        eventType: open.eventType,
        generatedAt: new Date(),
        location: '',
        node: { ...open.node, value: '99.00' } as EventNode,
        value: '99.00',
        unit: '',
        rangeStatus: 'hot',
        actions: {},
      },
    );
    await db.transaction((tx) => writer.write(tx));
    expect(await openEvent('north-meter')).toMatchObject({ id: open.id, value: '99.00', node: { value: '99.00' } });
    const [{ open: count } = { open: 0 }] = await queryRows<{ open: number }>(
      db,
      sql`SELECT count(*)::int AS open FROM node_events WHERE item_name = 'north-meter' AND NOT is_cleared`,
    );
    expect(count).toBe(1);
    expect((await historyOf(open.id)).at(-1)).toEqual({
      kind: 'updated',
      actor: 'system',
      comment: null,
      detail: { reason: 'repeat', value: '99.00' },
    });
  });

  it('keeps the rule of an event an event-settings rule raised', async () => {
    const open = await raise(SOUTH, 'south-meter');
    const ruleId = '00000000-0000-4000-8000-00000000e001';
    const writer = new EventWriter([]);
    writer.add(
      { uuid: open.itemUuid, appId: APP, itemName: open.itemName },
      {
        kind: 'create',
        ruleId,
        field: open.field,
        rangeIndex: -1001,
        rangeName: 'Overload',
        severity: 3,
        description: 'Overload rule',
        eventType: 'Overload',
        generatedAt: new Date(),
        location: '',
        node: open.node as EventNode,
        value: '80.00',
        unit: '',
        rangeStatus: 'Overload',
        actions: { notification: notificationSetting },
      },
    );
    await db.transaction((tx) => writer.write(tx));
    const [row] = await queryRows<{ id: string }>(db, sql`SELECT id FROM node_events WHERE rule_id = ${ruleId}`);
    expect(await server.running.resolve(EventStoreToken).get(APP, row!.id)).toMatchObject({
      ruleId,
      rangeIndex: -1001,
      actions: { notification: notificationSetting },
    });
  });

  it('backs up and restores the events’ history with the events', async () => {
    const event = await raise(NORTH, 'north-meter');
    expect((await act('ack', { ids: [event.id], comment: 'Seen' })).status).toBe(200);
    const before = await historyOf(event.id);
    const participant = eventsDataParticipant(
      db,
      server.running.resolve(ItemLookupToken),
      server.running.resolve(ApplicationAccessToken),
      async () => {},
    );
    const exported = await participant.exportData(APP);
    expect(exported.data.find((set) => set.table === 'events_history')?.rows).toEqual(
      expect.arrayContaining([expect.objectContaining({ eventId: event.id, kind: 'acknowledged', comment: 'Seen' })]),
    );
    await db.transaction(async (tx) => {
      await participant.deleteData(APP, tx);
      await participant.importData(APP, exported, tx);
    });
    expect(await historyOf(event.id)).toEqual(before);
    expect(await openEvent('north-meter')).toMatchObject({ id: event.id, isAcknowledged: true });
  });

  it('deletes an event’s history with its item', async () => {
    const tank = await openEvent('tank');
    expect(await historyOf(tank.id)).not.toEqual([]);
    const deleted = await server.request('DELETE', `/api/node-structure-item/${APP}/items/${tank.itemUuid}`, { token: admin });
    expect(deleted.status).toBe(204);
    const rows = await queryRows(db, sql`SELECT 1 FROM events_history WHERE event_id = ${tank.id}`);
    expect(rows).toEqual([]);
  });

  it('tells the application’s viewers to recount (system-event-refresh) after a restore, an item or application deletion', async () => {
    await raise(NORTH, 'north-meter');
    const stranger = await server.loginAs({ username: 'refresh_stranger', organisationId: 'org_other', permissions: ['event'] });
    const sockets = { admin: await connectPush(server, admin), stranger: await connectPush(server, stranger) };
    const refreshes = { admin: [] as unknown[], stranger: [] as unknown[] };
    for (const [who, socket] of Object.entries(sockets) as ['admin' | 'stranger', (typeof sockets)['admin']][]) {
      socket.on('message', (data) => {
        const message = JSON.parse(String(data)) as PushMessage;
        if (message.topic === PUSH_TOPICS.systemEventRefresh) refreshes[who].push(message.data);
      });
    }
    const call = (method: string, path: string, body?: unknown) => server.request(method, path, { token: admin, body });
    const refreshed = async (appId: string) => {
      await expect.poll(() => refreshes.admin).toEqual([{ appId }]);
      refreshes.admin = [];
    };

    const backup = await call('POST', `/api/backup/${APP}`, { description: 'Events' });
    expect(backup.status).toBe(201);
    const copied = await call('POST', `/api/backup/${APP}/${backup.body.folder}/restore`, { targetAppId: 'lifecycle_copy' });
    expect(copied.status, JSON.stringify(copied.body)).toBe(200);
    await refreshed('lifecycle_copy');

    const north = await openEvent('north-meter');
    expect((await call('DELETE', `/api/node-structure-item/${APP}/items/${north.itemUuid}`)).status).toBe(204);
    await refreshed(APP);

    expect((await call('DELETE', '/api/application/lifecycle_copy/')).status).toBe(204);
    await refreshed('lifecycle_copy');
    expect(refreshes.stranger).toEqual([]);
    for (const socket of Object.values(sockets)) socket.close();
  });
});

import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DatabaseToken,
  DataSourceSinkToken,
  formatExportTime,
  readWorkbookRows,
  UserDirectoryToken,
  type Database,
  type DataSourceSink,
} from '@sensorium/core/server';
import { defaultFieldPreference, type FieldPreference } from '@sensorium/nodes/common';
import { createTestApplication, databaseBackends, startTestServer, type TestServer } from '../../../../host/server/testing';
import applications from '../../../applications/server';
import devicePipeline from '../../../device-pipeline/server';
import nodes from '../../../nodes/server';
import users from '../../../users/server';
import type { EventRecord } from '../../common/event-record';
import type { EventDetail, EventListPage } from '../../common/event-query';
import events from '../index';

const APP = 'alarms';
const NORTH = '00000000000e0001';
const SOUTH = '00000000000e0002';

/** Power in 10–50 is "Warm" (yellow, severity 1), above 50 "Hot" (red, severity 4); neither clears by itself. */
const power: FieldPreference = {
  ...defaultFieldPreference('power'),
  unit: 'kW',
  rangeSettings: {
    belowMinimum: { minNumber: null },
    aboveMaximum: { maxNumber: null },
    ranges: [
      {
        ...{ name: 'warm', color: 'yellow', icon: 'fa-check', value: 0, startNum: 10, endNum: 50 },
        eventSetting: { name: 'Warm', enable: true, allowAutoClear: false },
      },
      {
        ...{ name: 'hot', color: 'red', icon: 'fa-fire', value: 0, startNum: 50, endNum: 1000 },
        eventSetting: { name: 'Hot', enable: true, allowAutoClear: false },
      },
    ],
  },
};

describe.each(databaseBackends())('the Event View routes on %s', (backend) => {
  let server: TestServer;
  let db: Database;
  let admin: string;
  let limited: string;
  let stranger: string;
  /** Raised in this order: north Hot, south Warm, north Warm. */
  let hot: EventRecord;
  let southWarm: EventRecord;
  let northWarm: EventRecord;

  const api = `/api/system-events-api/${APP}/events`;
  const get = <T = EventListPage>(path: string, token = admin, headers?: Record<string, string>) =>
    server.request<T>('GET', path, { token, headers });
  const list = async (query = '', token = admin) => {
    const response = await get(`${api}?${query}`, token);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    return response.body;
  };
  const ids = (page: EventListPage) => page.rows.map((event) => event.id);
  const workbook = async (query = '', token = admin, headers: Record<string, string> = {}) => {
    const response = await fetch(`${server.url}${api}/export?${query}`, {
      headers: { authorization: `Bearer ${token}`, ...headers },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('spreadsheetml');
    expect(response.headers.get('content-disposition')).toBe('attachment; filename="events.xlsx"');
    return readWorkbookRows(await response.arrayBuffer());
  };

  beforeAll(async () => {
    server = await startTestServer({ backend, plugins: [applications, users, nodes, devicePipeline, events] });
    db = server.running.resolve(DatabaseToken);
    admin = (await server.login()).access_token;
    const send = (method: string, path: string, body?: unknown) => server.request(method, path, { token: admin, body });
    await createTestApplication(server, admin, { id: APP, name: 'Alarms' });
    const nodesApi = `/api/node-structure-item/${APP}`;
    for (const [itemName, deviceEUI, tag] of [
      ['north-meter', NORTH, 'north'],
      ['south-meter', SOUTH, 'south'],
    ] as const) {
      const added = await send('POST', `${nodesApi}/items`, {
        parentName: 'root',
        newItem: { itemType: 'item', itemName, dataSource: { type: 'chirpstack', deviceEUI }, input: { power } },
      });
      expect(added.status, JSON.stringify(added.body)).toBe(201);
      expect((await send('PATCH', `${nodesApi}/items/${added.body.uuid}`, { tags: [tag] })).status).toBe(200);
    }

    // An end-customer user of the application's end customer, limited to the north devices in User Setup.
    const directory = server.running.container.resolve(UserDirectoryToken);
    const group = await directory.createGroup({ name: 'Viewers', permissions: ['event'] });
    const limitedUser = await directory.createUser({
      username: 'north_viewer',
      password: 'north-viewer-password-1',
      level: 'end-customer',
      groupId: group.id,
      endCustomerId: 'end_default',
    });
    expect(
      (await send('POST', `/api/application-users/${APP}/users`, { userId: limitedUser.id, deviceTags: ['north'] })).status,
    ).toBe(201);
    limited = (await server.login('north_viewer', 'north-viewer-password-1')).access_token;
    stranger = await server.loginAs({ username: 'stranger', permissions: ['event'] });

    const sink = server.running.resolve(DataSourceSinkToken) as DataSourceSink;
    const start = Date.parse('2026-11-20T08:00:00Z');
    const uplinks = [
      [NORTH, 75, 0],
      [SOUTH, 20, 60_000],
      [NORTH, 30, 120_000],
    ] as const;
    for (const [deviceId, value, after] of uplinks) {
      const receivedAt = new Date(start + after);
      const outcome = await sink.ingest([
        { source: 'chirpstack', deviceId, dedupKey: `${deviceId}-${after}`, receivedAt, fields: { power: value }, raw: {} },
      ]);
      expect(outcome).toMatchObject({ stored: 1 });
    }
    [northWarm, southWarm, hot] = (await list()).rows as [EventRecord, EventRecord, EventRecord];
    // Someone acknowledged the south one, and the north Hot one was cleared.
    await db.execute(sql`UPDATE node_events SET is_acknowledged = true, acknowledged_by = 'admin', acknowledged_at = now(),
      event_status = 'acked' WHERE id = ${southWarm.id}`);
    await db.execute(sql`UPDATE node_events SET is_cleared = true, cleared_by = 'admin', cleared_at = now(),
      event_status = 'cleared' WHERE id = ${hot.id}`);
  });
  afterAll(() => server?.close());

  it('lists the application’s events newest first, with the spec’s fields', async () => {
    const page = await list();
    expect(page.total).toBe(3);
    expect(ids(page)).toEqual([northWarm.id, southWarm.id, hot.id]);
    expect(hot).toMatchObject({
      appId: APP,
      itemName: 'north-meter',
      severity: 4,
      eventType: 'Hot',
      value: '75.00',
      unit: 'kW',
      generatedDateTime: '2026-11-20T08:00:00.000Z',
      node: expect.objectContaining({ itemName: 'north-meter', rangeStatus: 'hot' }),
    });
    expect(northWarm).toMatchObject({ severity: 1, eventType: 'Warm', itemName: 'north-meter' });
  });

  it('filters by severity, status, time, device, tags and text, together too', async () => {
    expect(ids(await list('severity=4'))).toEqual([hot.id]);
    expect(ids(await list('status=open'))).toEqual([northWarm.id, southWarm.id]);
    expect(ids(await list('status=acknowledged'))).toEqual([southWarm.id]);
    expect(ids(await list('status=cleared'))).toEqual([hot.id]);
    expect(ids(await list('from=2026-11-20T08:00:30Z'))).toEqual([northWarm.id, southWarm.id]);
    expect(ids(await list('to=2026-11-20T08:01:00Z'))).toEqual([southWarm.id, hot.id]);
    expect(ids(await list('device=SOUTH'))).toEqual([southWarm.id]);
    expect(ids(await list('tags=north'))).toEqual([northWarm.id, hot.id]);
    expect(ids(await list('tags=north,south'))).toEqual([northWarm.id, southWarm.id, hot.id]);
    expect(ids(await list('tags=nowhere'))).toEqual([]);
    expect(ids(await list('q=hot'))).toEqual([hot.id]);
    expect(ids(await list('q=50%25'))).toEqual([]);
    const both = await list('severity=1&device=north&status=open');
    expect(both).toEqual({ total: 1, rows: [expect.objectContaining({ id: northWarm.id })] });
  });

  it('pages the list without repeating or skipping an event', async () => {
    const first = await list('size=2&page=0');
    const second = await list('size=2&page=1');
    expect(first.total).toBe(3);
    expect(second.total).toBe(3);
    expect([...ids(first), ...ids(second)]).toEqual([northWarm.id, southWarm.id, hot.id]);
    expect((await list('size=2&page=2')).rows).toEqual([]);
  });

  it('answers one event with its history, oldest first', async () => {
    // Written out of order, after whatever the ingest recorded.
    await db.execute(sql`INSERT INTO events_history (event_id, at, kind, actor_kind, actor_id, actor_label, comment)
      VALUES (${southWarm.id}, now() + interval '2 hours', 'acknowledged', 'user', 'u1', 'admin', 'On my way'),
             (${southWarm.id}, now() + interval '1 hour', 'notified', 'system', NULL, 'system', NULL)`);
    const detail = await get<EventDetail>(`${api}/${southWarm.id}`);
    expect(detail.status).toBe(200);
    expect(detail.body.event).toMatchObject({ id: southWarm.id, isAcknowledged: true, acknowledgedBy: 'admin' });
    const { history } = detail.body;
    expect(history.map((entry) => entry.at)).toEqual(history.map((entry) => entry.at).sort());
    expect(history.slice(-2).map((entry) => [entry.kind, entry.actor.label, entry.comment])).toEqual([
      ['notified', 'system', null],
      ['acknowledged', 'admin', 'On my way'],
    ]);
    expect((await get(`${api}/00000000-0000-4000-8000-000000000000`)).status).toBe(404);
    expect((await get(`${api}/not-an-id`)).status).toBe(400);
  });

  it('exports the filtered events to Excel, in the caller’s language and time zone', async () => {
    const rows = await workbook('status=open&utcOffsetMinutes=480');
    expect(rows[0]).toEqual(expect.arrayContaining(['Generated date time', 'Severity', 'Status', 'Device', 'Description']));
    expect(rows.slice(1).map((row) => [row[0], row[1], row[2], row[3], row[4]])).toEqual([
      [formatExportTime(northWarm.generatedDateTime, 480), 1, 'Open', 'north-meter', 'Warm'],
      ['20/11/2026 16:01:00', 1, 'Ack-ed', 'south-meter', 'Warm'],
    ]);
    const chinese = await workbook('severity=4', admin, { 'accept-language': 'zh-CN' });
    expect(chinese[0]![0]).not.toBe('Generated date time');
    expect(chinese).toHaveLength(2);
  });

  it('shows a viewer limited to device tags only the events of its devices', async () => {
    expect(ids(await list('', limited))).toEqual([northWarm.id, hot.id]);
    expect(ids(await list('tags=south', limited))).toEqual([]);
    expect((await get(`${api}/${southWarm.id}`, limited)).status).toBe(404);
    expect((await get(`${api}/${hot.id}`, limited)).status).toBe(200);
    expect((await workbook('', limited)).slice(1).map((row) => row[3])).toEqual(['north-meter', 'north-meter']);
  });

  it('answers 404 to another tenant, for the list, an event and the export', async () => {
    expect((await get(api, stranger)).status).toBe(404);
    expect((await get(`${api}/${hot.id}`, stranger)).status).toBe(404);
    expect((await get(`${api}/export`, stranger)).status).toBe(404);
  });

  it.each([
    ['severity=5', 'severity'],
    ['severity=high', 'severity'],
    ['status=closed', 'status'],
    ['from=yesterday', 'from'],
    ['to=2026-13-45', 'to'],
    ['size=0', 'size'],
    ['size=101', 'size'],
    ['page=-1', 'page'],
    [`q=${'x'.repeat(101)}`, 'q'],
  ])('answers 400 naming the field for %s', async (query, field) => {
    const response = await server.request('GET', `${api}?${query}`, { token: admin });
    expect(response.status).toBe(400);
    expect(response.body.field).toBe(field);
  });

  it('lists the latest open events on the application cards, within the viewer’s limit', async () => {
    const card = async (token: string) =>
      ((await get<{ appList: { id: string; event: unknown }[] }>('/api/application/', token)).body.appList.find(
        (app) => app.id === APP,
      )?.event ?? null) as { eventList: { title: string; severity: number; value: string }[] } | null;
    expect(await card(admin)).toEqual({
      eventList: [
        { title: 'north-meter Warm', severity: 1, value: '30.00 kW' },
        { title: 'south-meter Warm', severity: 1, value: '20.00 kW' },
      ],
    });
    expect((await card(limited))?.eventList.map((event) => event.title)).toEqual(['north-meter Warm']);
  });
});

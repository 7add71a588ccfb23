import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { PUSH_TOPICS, type PushMessage } from '@sensorium/core/common';
import {
  DatabaseToken,
  DataSourceSinkToken,
  PushHubToken,
  UserDirectoryToken,
  type Database,
  type Uplink,
} from '@sensorium/core/server';
import { databaseBackends, startTestServer, type TestServer } from '../../../../host/server/testing';
import applications from '../../../applications/server';
import nodes from '../../../nodes/server';
import { defaultFieldPreference, type FieldPreference, type Item, type RangeEntry } from '@sensorium/nodes/common';
import devicePipeline from '../index';
import events from '../../../events/server';
import { IngestService, type NodeValuesMessage } from './index';
import { WriteLanes } from './write-lanes';

function range(
  name: string,
  color: RangeEntry['color'],
  startNum: number,
  endNum: number,
  event = false,
  allowAutoClear = false,
): RangeEntry {
  return {
    name,
    color,
    icon: 'fa-check-circle',
    value: 0,
    startNum,
    endNum,
    eventSetting: { name: `${name} event`, enable: event, allowAutoClear },
  };
}

const temperature: FieldPreference = {
  ...defaultFieldPreference('temperature'),
  displayName: 'Temperature',
  unit: '°C',
  decimalPlace: 1,
  filter: { min: -40, max: 85 },
  rangeSettings: {
    belowMinimum: { minNumber: null },
    aboveMaximum: { maxNumber: null },
    ranges: [range('normal', 'green', -40, 30), range('hot', 'red', 30, 85, true, true)],
  },
};
const humidity: FieldPreference = {
  ...defaultFieldPreference('humidity'),
  rangeSettings: {
    belowMinimum: { minNumber: null },
    aboveMaximum: { maxNumber: null },
    ranges: [range('ok', 'green', 0, 70), range('wet', 'orange', 70, 100, true, false)],
  },
};
const door: FieldPreference = {
  ...defaultFieldPreference('door'),
  signal: 'digital',
  resetSetting: { enable: true, resetValue: 0, resetDelaySecond: 5 },
};

describe.each(databaseBackends())('ingest on %s', (backend) => {
  let server: TestServer;
  let admin: string;
  let db: Database;
  let sink: IngestService;
  let counter = 0;

  const api = (appId: string) => `/api/node-structure-item/${appId}`;
  const createApp = async (id: string, endCustomerId = 'end_default') => {
    const response = await server.request('POST', '/api/application/new/', {
      token: admin,
      body: { id, name: `App ${id}`, description: '', endCustomerId },
    });
    expect(response.status).toBe(201);
    expect((await server.request('GET', `${api(id)}/tree`, { token: admin })).status).toBe(200);
  };
  const addItem = async (appId: string, newItem: Record<string, unknown>, parentName = 'root'): Promise<Item> => {
    const response = await server.request<Item>('POST', `${api(appId)}/items`, {
      token: admin,
      body: { newItem: { itemType: 'item', ...newItem }, parentName },
    });
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    return response.body;
  };
  const getItem = async (appId: string, uuid: string): Promise<Item> =>
    (await server.request<Item>('GET', `${api(appId)}/items/${uuid}`, { token: admin })).body;
  const uplink = (deviceId: string, fields: Record<string, unknown>, extra: Partial<Uplink> = {}): Uplink => ({
    source: 'chirpstack',
    deviceId,
    dedupKey: `dedup-${++counter}`,
    receivedAt: new Date(),
    fields,
    raw: { deduplicationId: `dedup-${counter}`, object: fields },
    meta: { rssi: -80, snr: 7.5 },
    ...extra,
  });
  const rows = async <T>(statement: ReturnType<typeof sql>): Promise<T[]> => {
    const answer = (await db.execute(statement)) as unknown as { rows: T[] };
    return answer.rows;
  };

  beforeAll(async () => {
    server = await startTestServer({ backend, plugins: [applications, nodes, devicePipeline, events] });
    admin = (await server.login()).access_token;
    db = server.running.container.resolve(DatabaseToken);
    sink = server.running.resolve(DataSourceSinkToken) as IngestService;
    await createApp('plant');
    await createApp('other');
  });
  afterAll(() => server?.close());

  it('is the data-source sink of the host', () => {
    expect(sink).toBeInstanceOf(IngestService);
  });

  it('stores raw rows, processes values into outputSimple, status and history, and raises and auto-clears events', async () => {
    const item = await addItem('plant', {
      itemName: 'th-1',
      dataSource: { type: 'chirpstack', deviceEUI: 'A1B2C3D4E5F60001' },
      input: { temperature, humidity },
    });
    const first = new Date(Date.now() - 2000);
    const outcome = await sink.ingest([
      uplink('a1b2c3d4e5f60001', { temperature: 21.25, humidity: 50 }, { receivedAt: first }),
      uplink('A1B2C3D4E5F60001', { temperature: 35.5, humidity: 80 }),
    ]);
    expect(outcome).toEqual({ stored: 2, duplicates: 0, unknown: 0 });

    const stored = await getItem('plant', item.uuid);
    expect(stored.outputSimple).toEqual({ temperature: 35.5, humidity: 80 });
    expect(stored.connection).toBe(true);
    expect(stored.lastReceiveDate).not.toBeNull();
    expect(stored.status).toEqual({
      severity: 4,
      eventSeverity: 4,
      fieldStatus: { temperature: { status: 'hot', color: 'red' }, humidity: { status: 'wet', color: 'orange' } },
    });

    const raw = await rows<{ item_name: string; source: string; payload: { deviceData: Record<string, unknown> } }>(
      sql`SELECT item_name, source, payload FROM raw_data WHERE item_uuid = ${item.uuid} ORDER BY received_at`,
    );
    expect(raw).toHaveLength(2);
    expect(raw[0]).toMatchObject({
      item_name: 'th-1',
      source: 'chirpstack',
      payload: { deviceData: { temperature: 21.25, rssi: -80, snr: 7.5 } },
    });

    const history = await rows<{ field: string; value: number }>(
      sql`SELECT field, value FROM field_history WHERE item_uuid = ${item.uuid} ORDER BY at, field`,
    );
    expect(history).toEqual([
      { field: 'humidity', value: 50 },
      { field: 'temperature', value: 21.25 },
      { field: 'humidity', value: 80 },
      { field: 'temperature', value: 35.5 },
    ]);

    const events = await rows<Record<string, unknown>>(
      sql`SELECT field, range_index, range_name, severity, description, event_type, value, unit, range_status, node, event_status,
            is_cleared, resume_status, location FROM node_events WHERE item_uuid = ${item.uuid} ORDER BY field`,
    );
    expect(events).toEqual([
      expect.objectContaining({ field: 'humidity', range_index: 1, severity: 2, event_status: 'created', is_cleared: false }),
      {
        field: 'temperature',
        range_index: 1,
        range_name: 'hot',
        severity: 4,
        description: 'th-1 Temperature: hot (35.5 °C)',
        event_type: 'hot event',
        value: '35.5',
        unit: '°C',
        range_status: 'hot',
        node: {
          itemDisplayName: 'th-1',
          itemName: 'th-1',
          signal: 'analog',
          value: '35.5',
          unit: '°C',
          rangeStatus: 'hot',
          displayName: 'Temperature',
        },
        event_status: 'created',
        is_cleared: false,
        resume_status: null,
        location: '',
      },
    ]);

    // Staying hot raises no second event; going back to normal resumes and auto-clears the temperature event,
    // while the humidity event (no auto clear) stays open with its resume status.
    await sink.ingest([uplink('a1b2c3d4e5f60001', { temperature: 40 })]);
    await sink.ingest([uplink('a1b2c3d4e5f60001', { temperature: 20, humidity: 40 })]);
    const after = await rows<{
      field: string;
      is_cleared: boolean;
      cleared_by: string | null;
      event_status: string;
      resume_status: string;
    }>(
      sql`SELECT field, is_cleared, cleared_by, event_status, resume_status FROM node_events WHERE item_uuid = ${item.uuid} ORDER BY field`,
    );
    expect(after).toEqual([
      { field: 'humidity', is_cleared: false, cleared_by: null, event_status: 'created', resume_status: 'ok' },
      { field: 'temperature', is_cleared: true, cleared_by: 'system', event_status: 'cleared', resume_status: 'normal' },
    ]);
    expect((await getItem('plant', item.uuid)).status).toMatchObject({ severity: 0, eventSeverity: 2 });

    // Hot again: a new event (the old one is cleared).
    await sink.ingest([uplink('a1b2c3d4e5f60001', { temperature: 50 })]);
    const temperatureEvents = await rows<{ is_cleared: boolean }>(
      sql`SELECT is_cleared FROM node_events WHERE item_uuid = ${item.uuid} AND field = 'temperature' ORDER BY created_at`,
    );
    expect(temperatureEvents).toEqual([{ is_cleared: true }, { is_cleared: false }]);
  });

  it('drops redeliveries (in one batch and across batches), counts unknown devices without storing them', async () => {
    const item = await addItem('plant', {
      itemName: 'dedup-1',
      dataSource: { type: 'chirpstack', deviceEUI: '00000000000000d1' },
    });
    const once = uplink('00000000000000d1', { level: 1 }, { dedupKey: 'same-key' });
    expect(await sink.ingest([once, { ...once }, uplink('ffff00000000ffff', { level: 2 })])).toEqual({
      stored: 1,
      duplicates: 1,
      unknown: 1,
    });
    expect(await sink.ingest([{ ...once, fields: { level: 99 } }])).toEqual({ stored: 0, duplicates: 1, unknown: 0 });
    // Another source with the same key is not a redelivery (keys are unique per source); it is unknown here.
    expect(await sink.ingest([{ ...once, source: 'ttn' }])).toEqual({ stored: 0, duplicates: 0, unknown: 1 });
    expect((await getItem('plant', item.uuid)).outputSimple).toEqual({ level: 1 });
    const count = await rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM raw_data WHERE dedup_key = 'same-key'`);
    expect(count).toEqual([{ n: 1 }]);
    const strangers = await rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM raw_data WHERE item_uuid IS NULL`);
    expect(strangers).toEqual([{ n: 0 }]);
  });

  it('writes 2,000 uplinks in one batch and coalesces concurrent callers, each with its own outcome', async () => {
    const item = await addItem('plant', {
      itemName: 'burst-1',
      dataSource: { type: 'chirpstack', deviceEUI: '00000000000000b1' },
      input: { temperature },
    });
    const batches = sink.totals.batches;
    const burst = Array.from({ length: 2000 }, (_, i) =>
      uplink('00000000000000b1', { temperature: i % 50 }, { receivedAt: new Date(Date.now() - 2000 + i) }),
    );
    expect(await sink.ingest(burst)).toEqual({ stored: 2000, duplicates: 0, unknown: 0 });
    expect(sink.totals.batches).toBe(batches + 1);
    const history = await rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM field_history WHERE item_uuid = ${item.uuid}`);
    expect(history).toEqual([{ n: 2000 }]);
    // Entering hot at 30 and leaving at 0 repeats 40 times: one event each time, all auto-cleared but the last.
    const events = await rows<{ open: number; total: number }>(
      sql`SELECT count(*) FILTER (WHERE NOT is_cleared)::int AS open, count(*)::int AS total FROM node_events WHERE item_uuid = ${item.uuid}`,
    );
    expect(events).toEqual([{ open: 1, total: 40 }]);
    expect((await getItem('plant', item.uuid)).outputSimple).toEqual({ temperature: 49 });

    const before = sink.totals.batches;
    const outcomes = await Promise.all([
      sink.ingest([uplink('00000000000000b1', { temperature: 1 })]),
      sink.ingest([uplink('00000000000000b1', { temperature: 2 }), uplink('0000000000000bad', {})]),
      sink.ingest([uplink('00000000000000b1', { temperature: 3 })]),
    ]);
    expect(outcomes).toEqual([
      { stored: 1, duplicates: 0, unknown: 0 },
      { stored: 1, duplicates: 0, unknown: 1 },
      { stored: 1, duplicates: 0, unknown: 0 },
    ]);
    // One batch per lane at most (the unknown device may fall in the other lane).
    expect(sink.totals.batches - before).toBeLessThanOrEqual(sink.options.writeLanes);
    expect((await getItem('plant', item.uuid)).outputSimple).toEqual({ temperature: 3 });
  });

  it('finds HTTP items by application and item name, and never across applications', async () => {
    const item = await addItem('plant', { itemName: 'http-1', dataSource: { type: 'api' } });
    expect(await sink.ingest([uplink('http-1', { power: 3.5 }, { source: 'api', applicationId: 'plant' })])).toEqual({
      stored: 1,
      duplicates: 0,
      unknown: 0,
    });
    expect(await sink.ingest([uplink('http-1', { power: 9 }, { source: 'api', applicationId: 'other' })])).toMatchObject({
      unknown: 1,
    });
    const device = await addItem('plant', {
      itemName: 'dev-app',
      dataSource: { type: 'chirpstack', deviceEUI: '00000000000000a9' },
    });
    expect(await sink.ingest([uplink('00000000000000a9', { x: 1 }, { applicationId: 'other' })])).toMatchObject({ unknown: 1 });
    expect((await getItem('plant', item.uuid)).outputSimple).toEqual({ power: 3.5 });
    expect((await getItem('plant', device.uuid)).outputSimple).toEqual({});
  });

  it('keeps raw rows of a disabled item but not its values', async () => {
    const item = await addItem('plant', { itemName: 'off-1', dataSource: { type: 'chirpstack', deviceEUI: '00000000000000f1' } });
    await db.execute(sql`UPDATE node_items SET enable = false WHERE uuid = ${item.uuid}`);
    expect(await sink.ingest([uplink('00000000000000f1', { t: 1 })])).toMatchObject({ stored: 1 });
    const stored = await getItem('plant', item.uuid);
    expect(stored.outputSimple).toEqual({});
    expect(stored.connection).toBe(false);
  });

  it('turns the connection off after connectionTimeoutSec without uplinks, and on with the next one', async () => {
    const item = await addItem('plant', {
      itemName: 'quiet-1',
      dataSource: { type: 'chirpstack', deviceEUI: '00000000000000c1', connectionTimeoutSec: 60 },
    });
    const never = await addItem('plant', {
      itemName: 'quiet-2',
      dataSource: { type: 'chirpstack', deviceEUI: '00000000000000c2' },
    });
    await sink.ingest([
      uplink('00000000000000c1', { v: 1 }, { receivedAt: new Date(Date.now() - 120_000) }),
      uplink('00000000000000c2', { v: 1 }, { receivedAt: new Date(Date.now() - 120_000) }),
    ]);
    expect((await getItem('plant', item.uuid)).connection).toBe(true);
    // The server's own connection job (every 5 s) may have expired it first, so the state is checked, not the count.
    await sink.checkConnections();
    expect((await getItem('plant', item.uuid)).connection).toBe(false);
    expect((await getItem('plant', never.uuid)).connection).toBe(true); // 0 / unset: never checked
    await sink.ingest([uplink('00000000000000c1', { v: 2 })]);
    expect((await getItem('plant', item.uuid)).connection).toBe(true);
    await sink.checkConnections();
    expect((await getItem('plant', item.uuid)).connection).toBe(true);
  });

  it('auto-resets a digital field after resetDelaySecond on the processing tick', async () => {
    const item = await addItem('plant', {
      itemName: 'door-1',
      dataSource: { type: 'chirpstack', deviceEUI: '00000000000000e1' },
      input: { door },
    });
    const at = new Date(Date.now() - 1000);
    await sink.ingest([uplink('00000000000000e1', { door: true }, { receivedAt: at })]);
    expect((await getItem('plant', item.uuid)).outputSimple).toEqual({ door: 1 });
    await sink.tick(new Date(at.getTime() + 4000));
    expect((await getItem('plant', item.uuid)).outputSimple).toEqual({ door: 1 });
    expect(await sink.tick(new Date(at.getTime() + 5000))).toBe(1);
    expect((await getItem('plant', item.uuid)).outputSimple).toEqual({ door: 0 });
    expect(await sink.tick(new Date(at.getTime() + 60_000))).toBe(0);
    const history = await rows<{ value: number }>(
      sql`SELECT value FROM field_history WHERE item_uuid = ${item.uuid} ORDER BY at`,
    );
    expect(history).toEqual([{ value: 1 }, { value: 0 }]);
  });

  it('recomputes a parent node’s node-data field when a child changes', async () => {
    const node = await addItem('plant', { itemType: 'node', itemName: 'floor-1' });
    await db.execute(
      sql`UPDATE node_items SET input = ${JSON.stringify({
        avgTemp: { ...defaultFieldPreference('avgTemp'), nodeData: { source: 'average', expression: 'children.temperature' } },
      })}::jsonb WHERE uuid = ${node.uuid}`,
    );
    await addItem('plant', { itemName: 'room-1', dataSource: { type: 'chirpstack', deviceEUI: '0000000000000101' } }, 'floor-1');
    await addItem('plant', { itemName: 'room-2', dataSource: { type: 'chirpstack', deviceEUI: '0000000000000102' } }, 'floor-1');
    await sink.ingest([uplink('0000000000000101', { temperature: 20 }), uplink('0000000000000102', { temperature: 24 })]);
    expect((await getItem('plant', node.uuid)).outputSimple).toMatchObject({ avgTemp: 22 });
    await sink.ingest([uplink('0000000000000102', { temperature: 30 })]);
    expect((await getItem('plant', node.uuid)).outputSimple).toMatchObject({ avgTemp: 25 });
  });

  it('recomputes a parent whose node data another writer stamped later than this batch’s time', async () => {
    // A lane that waited for the parent's lock (or another server whose clock is ahead) wrote the parent "after" this
    // batch's own time: the recomputed value still replaces it, being computed from the children as they are now.
    const node = await addItem('plant', { itemType: 'node', itemName: 'floor-3' });
    const ahead = Date.now() + 5_000;
    await db.execute(
      sql`UPDATE node_items SET input = ${JSON.stringify({
        avgTemp: { ...defaultFieldPreference('avgTemp'), nodeData: { source: 'average', expression: 'children.temperature' } },
      })}::jsonb, output_simple = '{"avgTemp": 99}'::jsonb,
        runtime = ${JSON.stringify({ fields: { avgTemp: { at: ahead } } })}::jsonb WHERE uuid = ${node.uuid}`,
    );
    await addItem('plant', { itemName: 'room-3', dataSource: { type: 'chirpstack', deviceEUI: '0000000000000103' } }, 'floor-3');
    await sink.ingest([uplink('0000000000000103', { temperature: 21 })]);
    expect((await getItem('plant', node.uuid)).outputSimple).toMatchObject({ avgTemp: 21 });
  });

  it('writes lanes concurrently: a caller split across lanes gets one outcome, each device keeps its arrival order, a parent shared by both lanes is recomputed from both', async () => {
    const lanes = new WriteLanes(sink.options.writeLanes);
    const euis = Array.from({ length: 32 }, (_, i) => `00000000000007${i.toString(16).padStart(2, '0')}`);
    const first = euis.find((eui) => lanes.laneOf('chirpstack', eui) === 0)!;
    const second = euis.find((eui) => lanes.laneOf('chirpstack', eui) === 1)!;
    expect(second).toBeDefined();
    const node = await addItem('plant', { itemType: 'node', itemName: 'floor-2' });
    await db.execute(
      sql`UPDATE node_items SET input = ${JSON.stringify({
        avgTemp: { ...defaultFieldPreference('avgTemp'), nodeData: { source: 'average', expression: 'children.temperature' } },
      })}::jsonb WHERE uuid = ${node.uuid}`,
    );
    const a = await addItem('plant', { itemName: 'lane-a', dataSource: { type: 'chirpstack', deviceEUI: first } }, 'floor-2');
    const b = await addItem('plant', { itemName: 'lane-b', dataSource: { type: 'chirpstack', deviceEUI: second } }, 'floor-2');
    const start = Date.now() - 1000;
    const outcomes = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        sink.ingest([
          uplink(first, { temperature: i }, { receivedAt: new Date(start + i) }),
          uplink(second, { temperature: 100 + i }, { receivedAt: new Date(start + i) }),
        ]),
      ),
    );
    expect(outcomes).toEqual(Array.from({ length: 20 }, () => ({ stored: 2, duplicates: 0, unknown: 0 })));
    expect((await getItem('plant', a.uuid)).outputSimple).toEqual({ temperature: 19 });
    expect((await getItem('plant', b.uuid)).outputSimple).toEqual({ temperature: 119 });
    expect((await getItem('plant', node.uuid)).outputSimple).toMatchObject({ avgTemp: 69 });
  });

  it('retries a failing batch uplink by uplink: the one the database refuses is dead-lettered, the others stored', async () => {
    const item = await addItem('plant', {
      itemName: 'retry-1',
      dataSource: { type: 'chirpstack', deviceEUI: '0000000000000801' },
    });
    const batches = sink.totals.batches;
    const [good, bad, later] = await Promise.all([
      sink.ingest([uplink('0000000000000801', { t: 1 })]),
      // A time PostgreSQL cannot hold (before 4713 BC): the whole batch fails in the database.
      sink.ingest([uplink('0000000000000801', { t: 2 }, { receivedAt: new Date(-8.64e15) })]),
      sink.ingest([uplink('0000000000000801', { t: 3 })]),
    ]);
    expect(good).toEqual({ stored: 1, duplicates: 0, unknown: 0 });
    expect(bad).toEqual({ stored: 0, duplicates: 0, unknown: 0, rejected: 1 });
    expect(later).toEqual({ stored: 1, duplicates: 0, unknown: 0 });
    expect(sink.totals.batches).toBe(batches + 2);
    expect((await getItem('plant', item.uuid)).outputSimple).toEqual({ t: 3 });
    const stored = await rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM raw_data WHERE item_uuid = ${item.uuid}`);
    expect(stored).toEqual([{ n: 2 }]);
  });

  it('refresh re-applies an override saved on the item', async () => {
    const item = await addItem('plant', { itemName: 'ovr-1', dataSource: { type: 'chirpstack', deviceEUI: '0000000000000201' } });
    await sink.ingest([uplink('0000000000000201', { t: 5 })]);
    await db.execute(
      sql`UPDATE node_items SET input = ${JSON.stringify({
        t: { ...defaultFieldPreference('t'), overrideValueEnabled: true, overrideValue: 42 },
      })}::jsonb WHERE uuid = ${item.uuid}`,
    );
    const [value] = await sink.refresh([item.uuid]);
    expect(value?.outputSimple).toEqual({ t: 42, t_raw: 5 });
    expect((await getItem('plant', item.uuid)).outputSimple).toEqual({ t: 42, t_raw: 5 });
  });

  it('pushes node-values to sockets subscribed to the application that can see it, coalesced', async () => {
    const item = await addItem('plant', {
      itemName: 'live-1',
      dataSource: { type: 'chirpstack', deviceEUI: '0000000000000301' },
    });
    const otherItem = await addItem('other', {
      itemName: 'live-2',
      dataSource: { type: 'chirpstack', deviceEUI: '0000000000000302' },
    });
    const users = server.running.container.resolve(UserDirectoryToken);
    const group = await users.createGroup({ name: 'outsiders', permissions: [] as never, organisationId: 'org-elsewhere' });
    await users.createUser({
      username: 'outsider',
      password: 'outsider-password',
      level: 'si-customer',
      groupId: group.id,
      organisationId: 'org-elsewhere',
    });
    const outsiderToken = (await server.login('outsider', 'outsider-password')).access_token;

    const hub = server.running.container.resolve(PushHubToken);
    const connect = async (token: string) => {
      const socket = new WebSocket(`${server.url.replace(/^http/, 'ws')}/api/ws?token=${encodeURIComponent(token)}`);
      const messages: PushMessage[] = [];
      socket.on('message', (data) => messages.push(JSON.parse(String(data)) as PushMessage));
      await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
      return { socket, messages };
    };
    const watcher = await connect(admin);
    const outsider = await connect(outsiderToken);
    watcher.socket.send(JSON.stringify({ subscribe: PUSH_TOPICS.nodeValues, key: 'plant' }));
    outsider.socket.send(JSON.stringify({ subscribe: PUSH_TOPICS.nodeValues, key: 'plant' }));
    await expect.poll(() => hub.hasSubscribers(PUSH_TOPICS.nodeValues, 'plant')).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 100));

    // Five batches handed over at once (queued in order), so they commit within a few hundred milliseconds even on a busy
    // machine, where five awaited one after another could each take over 250 ms and be pushed one message each.
    await Promise.all(
      [1, 2, 3, 4, 5].map((i) => sink.ingest([uplink('0000000000000301', { v: i }), uplink('0000000000000302', { v: i })])),
    );
    await expect
      .poll(() =>
        watcher.messages
          .filter((m) => m.topic === PUSH_TOPICS.nodeValues)
          .map((m) => (m.data as NodeValuesMessage).items.find((x) => x.uuid === item.uuid)?.outputSimple.v)
          .at(-1),
      )
      .toBe(5);
    const values = watcher.messages.filter((m) => m.topic === PUSH_TOPICS.nodeValues);
    // Five batches arrive in fewer messages (at most one per 250 ms), each for the subscribed application only.
    expect(values.length).toBeLessThan(5);
    for (const message of values) {
      expect(message.key).toBe('plant');
      const data = message.data as NodeValuesMessage;
      expect(data.appId).toBe('plant');
      expect(data.items.map((x) => x.uuid)).not.toContain(otherItem.uuid);
    }
    expect(values.at(-1)?.data).toMatchObject({ items: [expect.objectContaining({ uuid: item.uuid, connection: true })] });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(outsider.messages.filter((m) => m.topic === PUSH_TOPICS.nodeValues)).toEqual([]);
    watcher.socket.close();
    outsider.socket.close();
  });

  it('re-applies an override saved through the nodes API at once (preference-change hook)', async () => {
    const item = await addItem('plant', {
      itemName: 'hook-ovr',
      dataSource: { type: 'chirpstack', deviceEUI: '0000000000000501' },
      input: { temperature },
    });
    await sink.ingest([uplink('0000000000000501', { temperature: 60 })]);
    expect((await getItem('plant', item.uuid)).status.fieldStatus.temperature?.status).toBe('hot');
    const saved = await server.request<Item>('PUT', `${api('plant')}/items/${item.uuid}/override`, {
      token: admin,
      body: { targetField: 'temperature', overrideValueEnabled: true, overrideValue: 20 },
    });
    expect(saved.status).toBe(200);
    expect(saved.body.outputSimple).toMatchObject({ temperature: 20, temperature_raw: 60 });
    expect(saved.body.status.fieldStatus.temperature?.status).toBe('normal');
  });

  it('deletes a deleted item’s history and events and then tells the alarm bell (item-deletion hook)', async () => {
    const item = await addItem('plant', {
      itemName: 'hook-del',
      dataSource: { type: 'chirpstack', deviceEUI: '0000000000000601' },
      input: { temperature },
    });
    await sink.ingest([uplink('0000000000000601', { temperature: 60 })]);
    const count = async (table: 'node_events' | 'field_history') =>
      (await rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM ${sql.raw(table)} WHERE item_uuid = ${item.uuid}`))[0]!.n;
    expect(await count('node_events')).toBe(1);
    expect(await count('field_history')).toBe(1);
    const socket = new WebSocket(`${server.url.replace(/^http/, 'ws')}/api/ws?token=${encodeURIComponent(admin)}`);
    const topics: PushMessage[] = [];
    socket.on('message', (data) => topics.push(JSON.parse(String(data)) as PushMessage));
    await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
    await new Promise((resolve) => setTimeout(resolve, 300));
    topics.length = 0;
    expect((await server.request('DELETE', `${api('plant')}/items/${item.uuid}`, { token: admin })).status).toBe(204);
    await expect.poll(() => topics.find((m) => m.topic === PUSH_TOPICS.systemEventRefresh)?.data).toEqual({ appId: 'plant' });
    expect(await count('node_events')).toBe(0);
    expect(await count('field_history')).toBe(0);
    socket.close();
  });

  it('publishes system-event-update to users who can see the application when its events change', async () => {
    await addItem('plant', {
      itemName: 'alarm-1',
      dataSource: { type: 'chirpstack', deviceEUI: '0000000000000401' },
      input: { temperature },
    });
    const socket = new WebSocket(`${server.url.replace(/^http/, 'ws')}/api/ws?token=${encodeURIComponent(admin)}`);
    const topics: PushMessage[] = [];
    socket.on('message', (data) => topics.push(JSON.parse(String(data)) as PushMessage));
    await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
    await new Promise((resolve) => setTimeout(resolve, 100));
    await sink.ingest([uplink('0000000000000401', { temperature: 60 })]);
    await expect.poll(() => topics.find((m) => m.topic === PUSH_TOPICS.systemEventUpdate)?.data).toEqual({ appId: 'plant' });
    socket.close();
  });
});

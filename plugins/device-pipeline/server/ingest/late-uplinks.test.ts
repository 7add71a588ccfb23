import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DatabaseToken, DataSourceSinkToken, type Database, type Uplink } from '@sensorium/core/server';
import { defaultFieldPreference, ItemStateToken, type FieldPreference, type Item } from '@sensorium/nodes/common';
import { databaseBackends, startTestServer, type TestServer } from '../../../../host/server/testing';
import applications from '../../../applications/server';
import nodes from '../../../nodes/server';
import type { DeadLetters } from '../dead-letters/dead-letters';
import devicePipeline from '../index';
import events from '../../../events/server';
import { IngestService, type LivePush } from './index';

const temperature: FieldPreference = {
  ...defaultFieldPreference('temperature'),
  rangeSettings: {
    belowMinimum: { minNumber: null },
    aboveMaximum: { maxNumber: null },
    ranges: [
      {
        name: 'hot',
        color: 'red',
        icon: 'fa-fire',
        value: 0,
        startNum: 30,
        endNum: 100,
        eventSetting: { name: 'hot', enable: true, allowAutoClear: true },
      },
    ],
  },
};

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000);

describe.each(databaseBackends())('late uplinks on %s', (backend) => {
  let server: TestServer;
  let admin: string;
  let db: Database;
  let sink: IngestService;
  let counter = 0;

  const addItem = async (itemName: string, deviceEUI: string, connectionTimeoutSec = 0): Promise<Item> => {
    const response = await server.request<Item>('POST', '/api/node-structure-item/plant/items', {
      token: admin,
      body: {
        newItem: {
          itemType: 'item',
          itemName,
          dataSource: { type: 'chirpstack', deviceEUI, connectionTimeoutSec },
          input: { temperature },
        },
        parentName: 'root',
      },
    });
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    return response.body;
  };
  const getItem = async (uuid: string): Promise<Item> =>
    (await server.request<Item>('GET', `/api/node-structure-item/plant/items/${uuid}`, { token: admin })).body;
  const uplink = (deviceId: string, value: number, receivedAt: Date): Uplink => ({
    source: 'chirpstack',
    deviceId,
    dedupKey: `late-${++counter}`,
    receivedAt,
    fields: { temperature: value },
  });
  const rows = async <T>(statement: ReturnType<typeof sql>): Promise<T[]> =>
    ((await db.execute(statement)) as unknown as { rows: T[] }).rows;
  const history = (uuid: string) =>
    rows<{ value: number; at: string }>(
      sql`SELECT value, to_json(at)#>>'{}' AS at FROM field_history WHERE item_uuid = ${uuid} ORDER BY at`,
    );
  const rawTimes = (uuid: string) =>
    rows<{ at: string }>(
      sql`SELECT to_json(received_at)#>>'{}' AS at FROM raw_data WHERE item_uuid = ${uuid} ORDER BY received_at`,
    );
  const openEvents = (uuid: string) =>
    rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM node_events WHERE item_uuid = ${uuid}`);
  const sameInstant = (a: string | null | undefined, b: Date) => expect(new Date(a ?? 0).getTime()).toBe(b.getTime());

  beforeAll(async () => {
    server = await startTestServer({ backend, plugins: [applications, nodes, devicePipeline, events] });
    admin = (await server.login()).access_token;
    db = server.running.container.resolve(DatabaseToken);
    sink = server.running.resolve(DataSourceSinkToken) as IngestService;
    const app = await server.request('POST', '/api/application/new/', {
      token: admin,
      body: { id: 'plant', name: 'Plant', description: '', endCustomerId: 'end_default' },
    });
    expect(app.status).toBe(201);
    await server.request('GET', '/api/node-structure-item/plant/tree', { token: admin });
  });
  afterAll(() => server?.close());

  it('within one batch: the newest uplink’s state wins whatever the order, the older one is kept at its own time', async () => {
    const item = await addItem('late-batch', '00000000000001a1');
    const newer = minutesAgo(1);
    const older = minutesAgo(2);
    await sink.ingest([uplink('00000000000001a1', 20, newer), uplink('00000000000001a1', 45, older)]);
    const stored = await getItem(item.uuid);
    expect(stored.outputSimple).toEqual({ temperature: 20 });
    sameInstant(stored.lastReceiveDate, newer);
    sameInstant(stored.lastValidDate, newer);
    expect(stored.status.fieldStatus).toEqual({});
    expect(await openEvents(item.uuid)).toEqual([{ n: 0 }]);
    expect((await history(item.uuid)).map((row) => row.value)).toEqual([45, 20]);
    expect(await rawTimes(item.uuid)).toHaveLength(2);
  });

  it('across batches: an older uplink never turns the values, times or connection back', async () => {
    const item = await addItem('late-batches', '00000000000001a2', 300);
    const newer = minutesAgo(10);
    await sink.ingest([uplink('00000000000001a2', 20, newer)]);
    await sink.checkConnections(); // 10 minutes of silence: disconnected
    expect((await getItem(item.uuid)).connection).toBe(false);

    const older = minutesAgo(20);
    expect(await sink.ingest([uplink('00000000000001a2', 45, older)])).toEqual({ stored: 1, duplicates: 0, unknown: 0 });
    const stored = await getItem(item.uuid);
    expect(stored.outputSimple).toEqual({ temperature: 20 });
    expect(stored.connection).toBe(false);
    sameInstant(stored.lastReceiveDate, newer);
    sameInstant(stored.lastValidDate, newer);
    expect(await openEvents(item.uuid)).toEqual([{ n: 0 }]);
    const kept = await history(item.uuid);
    expect(kept.map((row) => row.value)).toEqual([45, 20]);
    sameInstant(kept[0]!.at, older);
    sameInstant((await rawTimes(item.uuid))[0]!.at, older);
  });

  it('after a restart: a redelivered older uplink through a fresh ingest leaves the newer state', async () => {
    const item = await addItem('late-restart', '00000000000001a3');
    const newer = minutesAgo(1);
    await sink.ingest([uplink('00000000000001a3', 20, newer)]);
    // A new server on the same database: nothing of the first one's memory (caches, runtime) carries over.
    const quiet = { itemChanged() {}, eventsChanged() {}, close() {} } as unknown as LivePush;
    const noLetters = { record: async () => {}, write: async () => {}, reported() {} } as unknown as DeadLetters;
    const restarted = new IngestService(db, server.running.resolve(ItemStateToken), quiet, noLetters);
    try {
      await restarted.ingest([uplink('00000000000001a3', 45, minutesAgo(5))]);
    } finally {
      await restarted.close();
    }
    const stored = await getItem(item.uuid);
    expect(stored.outputSimple).toEqual({ temperature: 20 });
    sameInstant(stored.lastReceiveDate, newer);
    expect((await history(item.uuid)).map((row) => row.value)).toEqual([45, 20]);
  });

  it('the update itself refuses a state computed from an older row (another instance’s write)', async () => {
    const item = await addItem('late-race', '00000000000001a4');
    const newer = minutesAgo(1);
    await sink.ingest([uplink('00000000000001a4', 20, newer)]);
    const older = minutesAgo(3);
    await db.transaction((tx) =>
      server.running.resolve(ItemStateToken).write(tx, [
        {
          uuid: item.uuid,
          outputSimple: { temperature: 45 },
          status: { severity: 4, eventSeverity: 0, fieldStatus: { temperature: { status: 'hot', color: 'red' } } },
          runtime: {},
          received: older.toISOString(),
          valid: older.toISOString(),
          basis: minutesAgo(4).toISOString(),
        },
      ]),
    );
    const stored = await getItem(item.uuid);
    expect(stored.outputSimple).toEqual({ temperature: 20 });
    expect(stored.status.severity).toBe(0);
    sameInstant(stored.lastReceiveDate, newer);
    sameInstant(stored.lastValidDate, newer);
  });
});

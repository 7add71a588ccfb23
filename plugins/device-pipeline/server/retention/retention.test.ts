import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DatabaseToken, DataSourceSinkToken, queryRows, type Database, type DataSourceSink } from '@sensorium/core/server';
import { ItemLookupToken, type Item, type ItemLookup } from '@sensorium/nodes/common';
import { createTestApplication, databaseBackends, startTestServer, type TestServer } from '../../../../host/server/testing';
import applications from '../../../applications/server';
import nodes from '../../../nodes/server';
import devicePipeline from '../index';
import { DAY_MS, dayStart, listPartitions, RAW_DATA, FIELD_HISTORY } from './partitions';
import { runRetention } from './retention-job';
import { RetentionSettings } from './settings';

const HOUR = 3_600_000;

describe.each(databaseBackends())('retention on %s', (backend) => {
  let server: TestServer;
  let admin: string;
  let db: Database;
  let lookup: ItemLookup;
  let settings: RetentionSettings;
  const items: Record<string, Item> = {};
  const today = dayStart(new Date());
  /** `hours` into the day `days` from today: days ahead, which have partitions of their own. */
  const at = (days: number, hours = 6) => new Date(today.getTime() + days * DAY_MS + hours * HOUR);
  const run = (now: Date) => runRetention(db, settings, lookup, { now });
  const count = async (statement: ReturnType<typeof sql>) => Number((await queryRows<{ n: number }>(db, statement))[0]!.n);
  const partitionNames = async () => [
    ...(await listPartitions(db, RAW_DATA)).map((partition) => partition.name),
    ...(await listPartitions(db, FIELD_HISTORY)).map((partition) => partition.name),
  ];
  const put = (path: string, body: unknown) => server.request('PUT', `/api${path}`, { token: admin, body });

  /** A raw row and its dedup key at `created`, as the ingest stores them. */
  const storeRaw = async (appId: string, key: string, created: Date) => {
    await db.execute(
      sql`INSERT INTO raw_data (app_id, item_name, source, dedup_key, created_at) VALUES (${appId}, 'meter', 'chirpstack', ${key}, ${created})`,
    );
    await db.execute(
      sql`INSERT INTO device_pipeline_raw_keys (source, dedup_key, created_at) VALUES ('chirpstack', ${key}, ${created})`,
    );
  };
  const storeHistory = (uuid: string, field: string, when: Date) =>
    db.execute(sql`INSERT INTO field_history (item_uuid, field, at, value) VALUES (${uuid}, ${field}, ${when}, 1)`);
  const rawLeft = (appId: string) => count(sql`SELECT count(*)::int AS n FROM raw_data WHERE app_id = ${appId}`);
  const historyLeft = (uuid: string, field: string) =>
    count(sql`SELECT count(*)::int AS n FROM field_history WHERE item_uuid = ${uuid} AND field = ${field}`);

  beforeAll(async () => {
    server = await startTestServer({ backend, plugins: [applications, nodes, devicePipeline] });
    admin = (await server.login()).access_token;
    db = server.running.container.resolve(DatabaseToken);
    lookup = server.running.resolve(ItemLookupToken);
    settings = new RetentionSettings(db);
    for (const [appId, name, eui] of [
      ['short_app', 'short-meter', 'a840410000000001'],
      ['long_app', 'long-meter', 'a840410000000002'],
      ['again_app', 'again-meter', 'a840410000000003'],
    ] as const) {
      await createTestApplication(server, admin, { id: appId, name: appId });
      const added = await server.request<Item>('POST', `/api/node-structure-item/${appId}/items`, {
        token: admin,
        body: {
          newItem: { itemType: 'item', itemName: name, dataSource: { type: 'chirpstack', deviceEUI: eui } },
          parentName: 'root',
        },
      });
      expect(added.status).toBe(201);
      items[appId] = added.body;
    }
  });
  afterAll(() => server?.close());

  it('keeps everything while no application has a retention', async () => {
    await storeRaw('short_app', 'untouched', at(1));
    const before = await partitionNames();
    expect((await run(at(400))).raw).toEqual({ dropped: [], deletedRows: 0, deletedKeys: 0 });
    expect(await rawLeft('short_app')).toBe(1);
    expect((await partitionNames()).filter((name) => before.includes(name))).toEqual(before);
    await db.execute(sql`DELETE FROM raw_data WHERE dedup_key = 'untouched'`);
    await db.execute(sql`DELETE FROM device_pipeline_raw_keys WHERE dedup_key = 'untouched'`);
  });

  it('deletes each application’s and field’s expired rows, then drops whole days once everything in them expired', async () => {
    const short = items.short_app!.uuid;
    const long = items.long_app!.uuid;
    for (const day of [1, 2, 3, 4]) {
      await storeRaw('short_app', `short-${day}`, at(day));
      await storeRaw('long_app', `long-${day}`, at(day));
      for (const field of ['temperature', 'humidity']) await storeHistory(short, field, at(day));
      for (const field of ['temperature', 'pressure']) await storeHistory(long, field, at(day));
    }
    expect((await put('/application/short_app/retention', { rawDays: 2, historyDays: 2 })).status).toBe(200);
    // The short application's humidity is kept forever; the long application's temperature only a day.
    const path = (appId: string) => `/node-structure-item/${appId}/items/${items[appId]!.uuid}/retention`;
    expect((await put(path('short_app'), { field: 'humidity', historyDays: null })).status).toBe(200);
    expect((await put(path('long_app'), { field: 'temperature', historyDays: 1 })).status).toBe(200);

    // Two and a half days before this, short_app's rows of days 1 to 3 expired; long_app keeps its rows forever.
    const first = await run(at(5, 12));
    expect(await rawLeft('short_app')).toBe(1);
    expect(await rawLeft('long_app')).toBe(4);
    expect(
      await count(
        sql`SELECT count(*)::int AS n FROM device_pipeline_raw_keys WHERE dedup_key LIKE 'short-%' OR dedup_key LIKE 'long-%'`,
      ),
    ).toBe(5);
    expect(await historyLeft(short, 'temperature')).toBe(1);
    expect(await historyLeft(short, 'humidity')).toBe(4);
    expect(await historyLeft(long, 'temperature')).toBe(0);
    expect(await historyLeft(long, 'pressure')).toBe(4);
    // Only the former tables (empty on this new database) could go: long_app's rows keep day 1 and after.
    expect(first.raw.dropped).toEqual(['device_pipeline_raw_data_legacy']);
    expect(first.history.dropped).toEqual(['device_pipeline_field_history_legacy']);
    expect(first.raw.deletedRows).toBe(3);
    expect(first.history.deletedRows).toBe(3 + 4);

    // Now long_app keeps three days, and short_app's humidity its application's two.
    expect((await put('/application/long_app/retention', { rawDays: 3, historyDays: 3 })).status).toBe(200);
    expect((await server.request('DELETE', `/api${path('short_app')}/humidity`, { token: admin })).status).toBe(200);
    const second = await run(at(9, 12));
    const name = (prefix: string, day: number) => `${prefix}_${at(day).toISOString().slice(0, 10).replace(/-/g, '')}`;
    // Days 1 to 7 are over for both: dropped whole, their dedup keys with them; day 8 ended less than a day ago.
    expect(second.raw.dropped).toEqual([1, 2, 3, 4, 5, 6, 7].map((day) => name('device_pipeline_raw_data', day)));
    expect(second.history.dropped).toEqual([1, 2, 3, 4, 5, 6, 7].map((day) => name('device_pipeline_field_history', day)));
    expect(await rawLeft('short_app')).toBe(0);
    expect(await rawLeft('long_app')).toBe(0);
    expect(
      await count(
        sql`SELECT count(*)::int AS n FROM device_pipeline_raw_keys WHERE dedup_key LIKE 'short-%' OR dedup_key LIKE 'long-%'`,
      ),
    ).toBe(0);
    expect(await count(sql`SELECT count(*)::int AS n FROM field_history`)).toBe(0);
    expect(await partitionNames()).toContain(name('device_pipeline_raw_data', 8));
  });

  it('recognises a redelivery whose original is stored in another day’s partition', async () => {
    const sink = server.running.resolve(DataSourceSinkToken) as DataSourceSink;
    const uplink = {
      source: 'chirpstack',
      deviceId: 'a840410000000003',
      dedupKey: 'once-only',
      receivedAt: new Date(),
      fields: { temperature: 21 },
      raw: { object: { temperature: 21 } },
    };
    expect(await sink.ingest([uplink])).toEqual({ stored: 1, duplicates: 0, unknown: 0 });
    // The original now lies in the partition of day 10; the redelivery, stored now, would land in another one.
    const original = at(10, 23.99);
    await db.execute(sql`UPDATE raw_data SET created_at = ${original} WHERE dedup_key = 'once-only'`);
    await db.execute(sql`UPDATE device_pipeline_raw_keys SET created_at = ${original} WHERE dedup_key = 'once-only'`);
    const partition = `device_pipeline_raw_data_${at(10).toISOString().slice(0, 10).replace(/-/g, '')}`;
    expect(await count(sql`SELECT count(*)::int AS n FROM ${sql.identifier(partition)}`)).toBe(1);

    const next = { ...uplink, dedupKey: 'the-next', fields: { temperature: 22 } };
    expect(await sink.ingest([uplink, next])).toEqual({ stored: 1, duplicates: 1, unknown: 0 });
    expect(
      await queryRows(
        db,
        sql`SELECT dedup_key, tableoid::regclass::text AS partition FROM raw_data WHERE app_id = 'again_app' ORDER BY 1`,
      ),
    ).toEqual([
      { dedup_key: 'once-only', partition },
      { dedup_key: 'the-next', partition: expect.not.stringContaining(partition) as unknown },
    ]);
  });
});

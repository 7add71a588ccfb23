import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DatabaseToken, queryRows, type Database } from '@sensorium/core/server';
import { databaseBackends, startTestServer, type TestServer } from '../../../../host/server/testing';
import applications from '../../../applications/server';
import nodes from '../../../nodes/server';
import devicePipeline from '../index';
import { rawDataSearchStatements } from '../queries/data-queries';
import { rawThinnedSql, summarySql } from '../queries/field-summary';
import { DAY_MS, DAYS_AHEAD, dayStart, ensurePartitions, FIELD_HISTORY, listPartitions, RAW_DATA } from './partitions';

const ITEM = '00000000-0000-4000-8000-0000000000a1';
const day = (at: Date) => at.toISOString().slice(0, 10).replace(/-/g, '');

describe.each(databaseBackends())('daily partitions on %s', (backend) => {
  let server: TestServer;
  let db: Database;
  const today = dayStart(new Date());
  /** A day ahead, with a partition of its own since the server started. */
  const later = (days: number) => new Date(today.getTime() + days * DAY_MS);

  /** The partitions a statement reads, from its plan. */
  const scanned = async (statement: SQL | { getSQL(): SQL }) => {
    const plan = await queryRows<{ 'QUERY PLAN': string }>(db, sql`EXPLAIN (COSTS OFF) ${statement}`);
    const text = plan.map((row) => row['QUERY PLAN']).join('\n');
    return [...new Set([...text.matchAll(/ on (device_pipeline_[a-z_]+_(?:\d{8}|default|legacy))/g)].map((m) => m[1]))].sort();
  };

  beforeAll(async () => {
    server = await startTestServer({ backend, plugins: [applications, nodes, devicePipeline] });
    db = server.running.container.resolve(DatabaseToken);
  });
  afterAll(() => server?.close());

  it('has the partitions of every day from today to a week ahead once the server started', async () => {
    for (const table of [RAW_DATA, FIELD_HISTORY]) {
      const partitions = await listPartitions(db, table);
      const names = partitions.map((partition) => partition.name);
      expect(names).toContain(`${table.prefix}_default`);
      // Today is the former table's (everything before tomorrow); then one partition a day.
      expect(names).toContain(`${table.prefix}_legacy`);
      for (let offset = 1; offset <= DAYS_AHEAD; offset++) expect(names).toContain(`${table.prefix}_${day(later(offset))}`);
      const daily = partitions.find((partition) => partition.name === `${table.prefix}_${day(later(2))}`)!;
      expect([daily.from, daily.to]).toEqual([later(2), later(3)]);
      // Making them again makes nothing.
      expect(await ensurePartitions(db, table, new Date())).toEqual([]);
    }
  });

  it('moves rows the default partition took for a day into that day’s partition when it is made', async () => {
    const stray = new Date(later(DAYS_AHEAD + 2).getTime() + 3_600_000);
    await db.execute(
      sql`INSERT INTO raw_data (app_id, source, dedup_key, created_at) VALUES ('moved', 'api', 'stray', ${stray})`,
    );
    await db.execute(sql`INSERT INTO field_history (item_uuid, field, at, value) VALUES (${ITEM}, 'stray', ${stray}, 7)`);
    expect(await queryRows(db, sql`SELECT dedup_key FROM device_pipeline_raw_data_default`)).toEqual([{ dedup_key: 'stray' }]);

    const created = [
      ...(await ensurePartitions(db, RAW_DATA, later(3))),
      ...(await ensurePartitions(db, FIELD_HISTORY, later(3))),
    ];
    expect(created).toContain(`device_pipeline_raw_data_${day(later(DAYS_AHEAD + 2))}`);
    expect(created).toContain(`device_pipeline_field_history_${day(later(DAYS_AHEAD + 2))}`);
    expect(await queryRows(db, sql`SELECT count(*)::int AS n FROM device_pipeline_raw_data_default`)).toEqual([{ n: 0 }]);
    expect(
      await queryRows(db, sql`SELECT dedup_key FROM ${sql.identifier(`device_pipeline_raw_data_${day(later(DAYS_AHEAD + 2))}`)}`),
    ).toEqual([{ dedup_key: 'stray' }]);
    expect(
      await queryRows(
        db,
        sql`SELECT value FROM ${sql.identifier(`device_pipeline_field_history_${day(later(DAYS_AHEAD + 2))}`)}`,
      ),
    ).toEqual([{ value: 7 }]);
  });

  it('reads only the partitions of the searched days: the raw data search, its count and the chart queries', async () => {
    const from = new Date(later(2).getTime() + 3_600_000);
    const to = new Date(later(2).getTime() + 7_200_000);
    const search = rawDataSearchStatements(
      db,
      { appId: 'plant', viewMode: 'history', startTime: from.toISOString(), endTime: to.toISOString(), tags: ['meter-1'] },
      null,
    )!;
    const expected = [`device_pipeline_raw_data_${day(later(2))}`];
    expect(await scanned(search.page)).toEqual(expected);
    expect(await scanned(search.count)).toEqual(expected);
    // Real-time: the last day, the former table's partition (today) and no other.
    const realtime = rawDataSearchStatements(db, { appId: 'plant', viewMode: 'realtime' }, null)!;
    expect(await scanned(realtime.page)).toEqual(['device_pipeline_raw_data_legacy']);

    const range = { itemUuid: ITEM, from, to: new Date(later(3).getTime() + 60_000) };
    const history = [`device_pipeline_field_history_${day(later(2))}`, `device_pipeline_field_history_${day(later(3))}`];
    expect(await scanned(rawThinnedSql(range, 1000))).toEqual(history);
    expect(await scanned(summarySql(range, 'average', '1h', 0))).toEqual(history);
  });
});

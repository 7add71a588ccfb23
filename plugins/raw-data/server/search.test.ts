import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DatabaseToken, readWorkbookRows, type Database } from '@sensorium/core/server';
import { databaseBackends, startTestServer, type TestServer } from '../../../host/server/testing';
import applications from '../../applications/server';
import nodes from '../../nodes/server';
import devicePipeline from '../../device-pipeline/server';
import { EXPORT_ROWS_HEADER } from '../common';
import rawData from './index';
import { EXPORT_PAGE_SIZE, formatExportDate } from './routes';

describe.each(databaseBackends())('raw data search and Excel export on %s', (backend) => {
  let server: TestServer;
  let admin: string;
  let db: Database;

  const createApp = async (id: string) => {
    const response = await server.request('POST', '/api/application/new/', {
      token: admin,
      body: { id, name: `App ${id}`, description: '', endCustomerId: 'end_default' },
    });
    expect(response.status).toBe(201);
  };
  const organisationUser = (username: string, organisationId: string, permissions: string[]) =>
    server.loginAs({ username, organisationId, permissions });

  beforeAll(async () => {
    server = await startTestServer({ backend, plugins: [applications, nodes, devicePipeline, rawData] });
    admin = (await server.login()).access_token;
    db = server.running.container.resolve(DatabaseToken);
  });
  afterAll(() => server?.close());

  it('searches raw data: real-time (last day, 100 newest) and history paged with the total', async () => {
    await createApp('rawapp');
    const now = Date.now();
    const values = Array.from({ length: 25 }, (_, index) => {
      const item = index % 5 === 0 ? 'door' : 'temp';
      const at = new Date(now - (index + 1) * 60_000).toISOString();
      return sql`('rawapp', ${item}, 'chirpstack', ${`key-${index}`}, ${at}, ${JSON.stringify({ index })}::jsonb, ${JSON.stringify({ deviceData: { index } })}::jsonb)`;
    });
    await db.execute(sql`
      INSERT INTO raw_data (app_id, item_name, source, dedup_key, created_at, raw, payload) VALUES ${sql.join(values, sql`, `)}
    `);
    await db.execute(sql`
      INSERT INTO raw_data (app_id, item_name, source, dedup_key, created_at, raw) VALUES
        ('rawapp', 'temp', 'chirpstack', 'old', ${new Date(now - 2 * 86_400_000).toISOString()}, '{}'),
        ('other', 'temp', 'chirpstack', 'foreign', now(), '{}')
    `);
    const search = (body: Record<string, unknown>) =>
      server.request('POST', '/api/raw-data-history/search', { token: admin, body: { appId: 'rawapp', ...body } });

    const realtime = await search({ viewMode: 'realtime', isItemSpecific: false });
    expect(realtime.status).toBe(200);
    expect(realtime.body.total).toBe(25);
    expect(realtime.body.rows).toHaveLength(25);
    expect(realtime.body.rows[0]).toMatchObject({
      itemName: 'door',
      source: 'chirpstack',
      raw: { index: 0 },
      payload: { deviceData: { index: 0 } },
    });

    const range = { startTime: new Date(now - 3 * 86_400_000).toISOString(), endTime: new Date(now).toISOString() };
    const page2 = await search({ viewMode: 'history', ...range, limit: 10, offset: 10 });
    expect(page2.body.total).toBe(26);
    expect(page2.body.rows.map((row: { raw: { index: number } }) => row.raw.index)).toEqual([
      10, 11, 12, 13, 14, 15, 16, 17, 18, 19,
    ]);
    const last = await search({ viewMode: 'history', ...range, limit: 10, offset: 20 });
    expect(last.body.rows).toHaveLength(6);

    const doors = await search({ viewMode: 'history', ...range, tags: ['door'], isItemSpecific: true, limit: 50 });
    expect(doors.body.total).toBe(5);
    expect(doors.body.rows.every((row: { itemName: string }) => row.itemName === 'door')).toBe(true);
    expect((await search({ viewMode: 'history', isItemSpecific: true })).body).toEqual({ rows: [], total: 0 });
    const backwards = await search({ viewMode: 'history', startTime: range.endTime, endTime: range.startTime });
    expect(backwards.status).toBe(400);
    const live = await server.request('POST', '/api/raw-data-history/search', {
      token: admin,
      body: { appId: 'rawapp', viewMode: 'live' },
      headers: { 'accept-language': 'zh-HK' },
    });
    expect(live.status).toBe(400);
    expect(live.body).toMatchObject({ field: 'viewMode' });
    expect(live.body.message).toMatch(/[\u4e00-\u9fff]/);

    // Another tenant's user: the application answers 404, its rows stay hidden.
    const stranger = await organisationUser('raw_stranger', 'org_raw', []);
    const hidden = await server.request('POST', '/api/raw-data-history/search', {
      token: stranger,
      body: { appId: 'rawapp', viewMode: 'realtime' },
    });
    expect(hidden.status).toBe(404);
  });

  it('exports the raw data of a search as data_history.xlsx', async () => {
    await createApp('excel_app');
    const now = Date.now();
    await db.execute(sql`
      INSERT INTO raw_data (app_id, item_name, source, dedup_key, created_at, raw, payload) VALUES
        ('excel_app', 'door', 'chirpstack', 'x1', ${new Date(now - 60_000).toISOString()}, '{"fCnt":1}', '{"deviceData":{"open":true}}'),
        ('excel_app', 'temp', 'ttn', 'x2', ${new Date(now - 120_000).toISOString()}, '{"fCnt":2}', '{"deviceData":{"t":21.5}}'),
        ('excel_app', 'temp', 'ttn', 'x3', ${new Date(now - 3 * 86_400_000).toISOString()}, '{"fCnt":3}', null)
    `);
    const exportRows = async (body: Record<string, unknown>, language = 'en') => {
      const response = await fetch(`${server.url}/api/raw-data-history/search/excel?utcOffsetMinutes=480`, {
        method: 'POST',
        headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json', 'accept-language': language },
        body: JSON.stringify({ appId: 'excel_app', ...body }),
      });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-disposition')).toBe('attachment; filename="data_history.xlsx"');
      return readWorkbookRows(await response.arrayBuffer());
    };
    const realtime = await exportRows({ viewMode: 'realtime', isItemSpecific: false });
    expect(realtime[0]).toEqual(['Date', 'Source', 'Device Name', 'Raw Data', 'Processed Data']);
    expect(realtime.slice(1).map((row) => row.slice(1))).toEqual([
      ['chirpstack', 'door', '{"fCnt":1}', '{"open":true}'],
      ['ttn', 'temp', '{"fCnt":2}', '{"t":21.5}'],
    ]);
    expect(realtime[1]![0]).toBe(formatExportDate(new Date(now - 60_000).toISOString(), 480));

    const history = await exportRows(
      {
        viewMode: 'history',
        tags: ['temp'],
        isItemSpecific: true,
        startTime: new Date(now - 4 * 86_400_000).toISOString(),
        endTime: new Date(now).toISOString(),
        limit: 1,
      },
      'cn',
    );
    expect(history[0]).toEqual(['日期', '来源', '设备名称', '原始数据', '处理后数据']);
    expect(history).toHaveLength(3);

    const stranger = await organisationUser('excel_stranger', 'org_x', []);
    const hidden = await server.request('POST', '/api/raw-data-history/search/excel', {
      token: stranger,
      body: { appId: 'excel_app', viewMode: 'realtime' },
    });
    expect(hidden.status).toBe(404);
  });

  it('streams a history export of several database pages, every row once, newest first', async () => {
    await createApp('big_app');
    const rows = EXPORT_PAGE_SIZE * 2 + 500;
    // Rows one second apart, plus pairs sharing a created_at (the cursor must keep both).
    await db.execute(sql`
      INSERT INTO raw_data (app_id, item_name, source, dedup_key, created_at, raw)
      SELECT 'big_app', 'meter', 'ttn', 'big-' || n, now() - make_interval(secs => n / 2), json_build_object('n', n)
      FROM generate_series(1, ${rows}) AS n
    `);
    const response = await fetch(`${server.url}/api/raw-data-history/search/excel`, {
      method: 'POST',
      headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        appId: 'big_app',
        viewMode: 'history',
        startTime: new Date(Date.now() - 86_400_000).toISOString(),
        endTime: new Date(Date.now() + 60_000).toISOString(),
      }),
    });
    expect(response.status).toBe(200);
    expect(response.headers.get(EXPORT_ROWS_HEADER)).toBe(String(rows));
    const sheet = await readWorkbookRows(await response.arrayBuffer());
    expect(sheet).toHaveLength(rows + 1);
    const numbers = sheet.slice(1).map((row) => (JSON.parse(String(row[3])) as { n: number }).n);
    expect(new Set(numbers).size).toBe(rows);
    // Newest first; rows of the same time by id, newest first.
    expect(numbers.slice(0, 5)).toEqual([1, 3, 2, 5, 4]);
    expect(numbers.at(-1)).toBe(rows);
  });

  it('formats export dates as dd/MM/yyyy HH:mm:ss.SSS at the given offset', () => {
    expect(formatExportDate('2026-01-31T23:05:09.007Z', 480)).toBe('01/02/2026 07:05:09.007');
    expect(formatExportDate('2026-01-31T23:05:09.007Z')).toBe('31/01/2026 23:05:09.007');
  });
});

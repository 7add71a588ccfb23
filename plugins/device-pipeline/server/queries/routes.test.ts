import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as XLSX from 'xlsx';
import { DatabaseToken, type Database } from '@sensorium/core/server';
import { databaseBackends, startTestServer, type TestServer } from '../../../../host/server/testing';
import applications from '../../../applications/server';
import nodes from '../../../nodes/server';
import devicePipeline from '../index';
import { formatExportDate } from './raw-data-excel';

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
    server = await startTestServer({ backend, plugins: [applications, nodes, devicePipeline] });
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
    expect((await search({ viewMode: 'live' })).status).toBe(400);
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
      // Reading is fine here: the file is our own export (xlsx is never used on uploaded files).
      const book = XLSX.read(Buffer.from(await response.arrayBuffer()), { type: 'buffer' });
      return XLSX.utils.sheet_to_json<unknown[]>(book.Sheets[book.SheetNames[0]!]!, { header: 1 });
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

  it('formats export dates as dd/MM/yyyy HH:mm:ss.SSS at the given offset', () => {
    expect(formatExportDate('2026-01-31T23:05:09.007Z', 480)).toBe('01/02/2026 07:05:09.007');
    expect(formatExportDate('2026-01-31T23:05:09.007Z')).toBe('31/01/2026 23:05:09.007');
  });
});

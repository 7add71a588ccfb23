import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DatabaseToken, type Database } from '@sensorium/core/server';
import { databaseBackends, startTestServer, type TestServer } from '../../../../host/server/testing';
import applications from '../../../applications/server';
import nodes from '../../../nodes/server';
import devicePipeline from '../index';

const T0 = Date.parse('2025-03-01T00:00:00Z');
const MINUTE = 60_000;
/** temp: one value a minute for 5,000 minutes, 0…59 within each hour, with one spike of 999 at minute 2345. */
const TEMP_COUNT = 5000;
const SPIKE = 2345;
const tempAt = (i: number) => (i === SPIKE ? 999 : i % 60);

describe.each(databaseBackends())('chart history: summaries and thinned raw values on %s', (backend) => {
  let server: TestServer;
  let admin: string;
  let db: Database;
  let uuid: string;

  const chart = (query: Record<string, string | number>, token = admin) =>
    server.request(
      'GET',
      `/api/node-structure-item/chartapp/items/${uuid}/chart?${new URLSearchParams(
        Object.entries(query).map(([key, value]) => [key, String(value)]),
      )}`,
      { token },
    );
  const period = { from: new Date(T0).toISOString(), to: new Date(T0 + TEMP_COUNT * MINUTE).toISOString() };

  beforeAll(async () => {
    server = await startTestServer({ backend, plugins: [applications, nodes, devicePipeline] });
    admin = (await server.login()).access_token;
    db = server.running.container.resolve(DatabaseToken);
    const app = await server.request('POST', '/api/application/new/', {
      token: admin,
      body: { id: 'chartapp', name: 'Charts', description: '', endCustomerId: 'end_default' },
    });
    expect(app.status).toBe(201);
    const item = await server.request('POST', '/api/node-structure-item/chartapp/items', {
      token: admin,
      body: { newItem: { itemType: 'item', itemName: 'meter' }, parentName: 'root' },
    });
    expect(item.status).toBe(201);
    uuid = item.body.uuid;
    const temp = Array.from({ length: TEMP_COUNT }, (_, i) => ({
      at: new Date(T0 + i * MINUTE).toISOString(),
      value: tempAt(i),
    }));
    await db.execute(sql`
      INSERT INTO field_history (item_uuid, field, at, value)
      SELECT ${uuid}::uuid, 'temp', at, value FROM json_to_recordset(${JSON.stringify(temp)}::json) AS r(at timestamptz, value float8)
    `);
    await db.execute(sql`
      INSERT INTO field_history (item_uuid, field, at, value, text_value) VALUES
        (${uuid}::uuid, 'level', '2025-03-15T10:00:00Z', 10, NULL),
        (${uuid}::uuid, 'level', '2025-04-10T10:00:00Z', 20, NULL),
        (${uuid}::uuid, 'level', '2025-04-20T10:00:00Z', 40, NULL),
        (${uuid}::uuid, 'state', '2025-03-15T10:00:00Z', NULL, 'open')
    `);
  });
  afterAll(() => server?.close());

  it('thins thousands of raw values to the lowest and highest of each time bucket, keeping the spike', async () => {
    const answer = await chart({ ...period, field: 'temp', points: 200 });
    expect(answer.status).toBe(200);
    const points: [number, number][] = answer.body.series.temp;
    expect(points.length).toBeLessThanOrEqual(200);
    expect(points.length).toBeGreaterThan(150);
    expect(points).toContainEqual([T0 + SPIKE * MINUTE, 999]);
    expect(points.map(([at]) => at)).toEqual([...points.map(([at]) => at)].sort((a, b) => a - b));
    expect(Math.min(...points.map(([, value]) => value))).toBe(0);
    expect(answer.body).toMatchObject({ summary: 'raw', interval: 'none', thinned: ['temp'] });

    const hour = await chart({ from: period.from, to: new Date(T0 + 59 * MINUTE).toISOString(), field: 'temp', points: 200 });
    expect(hour.body.series.temp).toEqual(Array.from({ length: 60 }, (_, i) => [T0 + i * MINUTE, i]));
    expect(hour.body.thinned).toEqual([]);
  });

  it.each([
    ['average', 29.5, 29.5 + (999 - 5) / 60],
    ['minimum', 0, 0],
    ['maximum', 59, 999],
    ['accumulated', 1770, 1770 - 5 + 999],
  ])('summarises each hour by its %s', async (summary, usual, spikeHour) => {
    const answer = await chart({ ...period, field: 'temp', summary, interval: '1h' });
    expect(answer.status).toBe(200);
    const hours: [number, number][] = answer.body.series.temp;
    expect(hours).toHaveLength(Math.ceil(TEMP_COUNT / 60));
    expect(hours[0]).toEqual([T0, usual]);
    expect(hours[39]![0]).toBe(T0 + 39 * 60 * MINUTE);
    expect(hours[39]![1]).toBeCloseTo(spikeHour, 9);
  });

  it('starts days at the browser’s midnight, weeks on Monday and months on the 1st; None summarises the whole period', async () => {
    const days = await chart({ ...period, field: 'temp', summary: 'minimum', interval: '1d', utcOffsetMinutes: 480 });
    expect(days.body.series.temp.slice(0, 2).map(([at]: [number]) => new Date(at).toISOString())).toEqual([
      '2025-02-28T16:00:00.000Z',
      '2025-03-01T16:00:00.000Z',
    ]);
    const year = { from: '2025-01-01T00:00:00Z', to: '2025-12-31T00:00:00Z', field: 'level' };
    const months = await chart({ ...year, summary: 'average', interval: '1M' });
    expect(months.body.series.level).toEqual([
      [Date.parse('2025-03-01T00:00:00Z'), 10],
      [Date.parse('2025-04-01T00:00:00Z'), 30],
    ]);
    const weeks = await chart({ ...year, summary: 'maximum', interval: '1w' });
    expect(weeks.body.series.level[0]).toEqual([Date.parse('2025-03-10T00:00:00Z'), 10]);
    const all = await chart({ ...year, summary: 'accumulated', interval: 'none' });
    expect(all.body.series).toEqual({ level: [[Date.parse(year.from), 70]] });
  });

  it('refuses an unknown summary or interval, and more than 10,000 intervals with a translated message', async () => {
    expect((await chart({ summary: 'median' })).status).toBe(400);
    expect((await chart({ summary: 'average', interval: '2h' })).status).toBe(400);
    const tooMany = await server.request(
      'GET',
      `/api/node-structure-item/chartapp/items/${uuid}/chart?summary=average&interval=10m&from=2024-01-01T00:00:00Z&to=2025-01-01T00:00:00Z`,
      { token: admin, headers: { 'accept-language': 'hk' } },
    );
    expect(tooMany.status).toBe(400);
    expect(JSON.stringify(tooMany.body)).toContain('10000');
  });

  it('answers 404 for an item of another organisation’s application', async () => {
    const stranger = await server.loginAs({ username: 'chart_stranger', organisationId: 'org_elsewhere' });
    expect((await chart({ summary: 'average', interval: '1h' }, stranger)).status).toBe(404);
  });
});

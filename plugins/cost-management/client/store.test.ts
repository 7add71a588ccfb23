import dayjs from 'dayjs';
import ky from 'ky';
import { describe, expect, it } from 'vitest';
import type { UsageReport, UsageRow } from '../common';
import { CostManagementStore, defaultRange } from './store';

const messages = (email: number, webhook = 0) => ({ email, sms: 0, whatsapp: 0, voice: 0, webhook });
const row = (appId: string, month: string, uplinks: number, email: number): UsageRow => ({
  appId,
  appName: appId,
  endCustomerName: 'Harbour',
  month,
  uplinks,
  rawRows: uplinks,
  historyRows: 2 * uplinks,
  messages: messages(email, 1),
});

/** The usage route as the store sees it: the report of the asked range, or the server's 400 naming `to`. */
function api(rows: UsageRow[]) {
  const asked: URLSearchParams[] = [];
  const fetch = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const url = new URL(new Request(input, init).url);
    asked.push(url.searchParams);
    const [from, to] = [url.searchParams.get('from')!, url.searchParams.get('to')!];
    if (to < from) {
      const problem = { statusCode: 400, message: 'The last month must not come before the first month.', field: 'to' };
      return Response.json(problem, { status: 400 });
    }
    const report: UsageReport = { from, to, months: [from, to], applications: 2, rows };
    return Response.json(report);
  };
  return { asked, http: ky.create({ prefixUrl: 'http://console.test/api', fetch, retry: 0 }) };
}

describe('CostManagementStore', () => {
  it('asks for the last six months first and sums each month over the applications for the chart', async () => {
    const server = api([row('plant', '2026-01', 3, 1), row('harbour', '2026-01', 2, 0), row('plant', '2026-02', 1, 4)]);
    const store = CostManagementStore.create({}, { http: server.http });
    store.setRange({ from: '2026-01', to: '2026-02' });
    await store.load();
    expect(store.totals).toEqual([
      { month: '2026-01', uplinks: 5, storedRows: 15, messages: 3 },
      { month: '2026-02', uplinks: 1, storedRows: 3, messages: 5 },
    ]);
    expect(store.rows).toHaveLength(3);

    const fresh = CostManagementStore.create({}, { http: server.http });
    await fresh.load();
    expect(Object.fromEntries(server.asked.at(-1)!)).toEqual(defaultRange());
    expect(defaultRange(dayjs('2026-03-15'))).toEqual({ from: '2025-10', to: '2026-03' });
  });

  it('keeps the report it had and the refused month’s message when a range is refused', async () => {
    const store = CostManagementStore.create({}, { http: api([row('plant', '2026-01', 3, 1)]).http });
    store.setRange({ from: '2026-01', to: '2026-02' });
    await store.load();
    store.setRange({ from: '2026-05', to: '2026-04' });
    await store.load();
    expect(store.loading.fieldError('to')).toBe('The last month must not come before the first month.');
    expect(store.rows).toHaveLength(1);
    expect(store.loading.pending).toBe(false);
  });
});

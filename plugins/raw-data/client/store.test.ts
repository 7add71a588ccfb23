import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiError, fakeApi } from '../../../core/client/testing/fake-api';
import type { RawDataRow } from '@sensorium/device-pipeline/common';
import { EXPORT_ROWS_HEADER, REALTIME_POLL_MS } from '../common';
import { RawDataTableStore as RawDataStore, rawDataQuery, type RawDataView } from './store';

const row = (id: string): RawDataRow => ({
  id,
  createdAt: '2026-01-01T00:00:00.000Z',
  source: 'chirpstack',
  itemName: 'th1',
  raw: { object: { temperature: 21 } },
  payload: { deviceData: { temperature: 21, rssi: -71 } },
});

const realtime: RawDataView = {
  appId: 'a1',
  tags: ['th1'],
  itemSpecific: true,
  mode: 'realtime',
  from: 0,
  to: 0,
  page: 0,
  pageSize: 10,
};

describe('raw data query', () => {
  it('asks for the filter’s devices, or every device with no filter', () => {
    expect(rawDataQuery({ ...realtime, tags: [], itemSpecific: false })).toMatchObject({ tags: [], isItemSpecific: false });
  });

  it('asks for the last day, 100 rows, in real-time; one page of the chosen range, end minute included, in history', () => {
    const now = Date.parse('2026-01-02T00:00:00.000Z');
    expect(rawDataQuery(realtime, now)).toEqual({
      tags: ['th1'],
      isItemSpecific: true,
      viewMode: 'realtime',
      startTime: '2026-01-01T00:00:00.000Z',
      endTime: '2026-01-02T00:00:00.000Z',
      limit: 100,
      offset: 0,
    });
    const from = Date.parse('2026-01-01T10:00:00.000Z');
    const to = Date.parse('2026-01-01T11:00:00.000Z');
    expect(rawDataQuery({ ...realtime, mode: 'history', from, to, page: 2, pageSize: 50 })).toMatchObject({
      viewMode: 'history',
      startTime: '2026-01-01T10:00:00.000Z',
      endTime: '2026-01-01T11:00:59.999Z',
      limit: 50,
      offset: 100,
    });
  });
});

describe('RawDataStore', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('polls in real-time until stopped, keeping the rows', async () => {
    const rows = [row('1')];
    const api = fakeApi({ 'POST raw-data-history/search': () => ({ rows, total: rows.length }) });
    const store = RawDataStore.create({}, { http: api.http });
    const stop = store.watch(realtime);
    await vi.advanceTimersByTimeAsync(0);
    expect(store.rows.map((entry) => entry.id)).toEqual(['1']);
    rows.unshift(row('2'));
    await vi.advanceTimersByTimeAsync(REALTIME_POLL_MS);
    expect(store.rows.map((entry) => entry.id)).toEqual(['2', '1']);
    expect(store.rows[0]?.payload?.deviceData).toEqual({ temperature: 21, rssi: -71 });
    stop();
    await vi.advanceTimersByTimeAsync(REALTIME_POLL_MS * 3);
    expect(api.calls).toHaveLength(2);
    expect(store.rows).toHaveLength(2);
  });

  it('loads history once, drops the rows of another item, and shows no rows when a history search fails', async () => {
    let fail = false;
    const api = fakeApi({
      'POST raw-data-history/search': () => (fail ? apiError(500, 'Down') : { rows: [row('1')], total: 31 }),
    });
    const store = RawDataStore.create({}, { http: api.http });
    store.watch({ ...realtime, mode: 'history' });
    await vi.advanceTimersByTimeAsync(REALTIME_POLL_MS * 2);
    expect(api.calls).toHaveLength(1);
    expect(store.total).toBe(31);
    fail = true;
    store.watch({ ...realtime, mode: 'history', page: 1 });
    await vi.advanceTimersByTimeAsync(0);
    expect(store.rows).toHaveLength(0);
    expect(store.total).toBe(0);
    expect(store.loading.failure?.message).toBe('Down');
    store.watch({ ...realtime, tags: ['th2'] });
    expect(store.rows).toHaveLength(0);
    store.stop();
  });

  it('keeps the last rows when a real-time poll fails, with the failure to show', async () => {
    let fail = false;
    const api = fakeApi({
      'POST raw-data-history/search': () => (fail ? apiError(500, 'Down') : { rows: [row('1')], total: 1 }),
    });
    const store = RawDataStore.create({}, { http: api.http });
    store.watch(realtime);
    await vi.advanceTimersByTimeAsync(0);
    fail = true;
    await vi.advanceTimersByTimeAsync(REALTIME_POLL_MS);
    expect(store.rows).toHaveLength(1);
    expect(store.loading.failure?.message).toBe('Down');
    store.stop();
  });

  it('does not search a history range without From or with From after To: the old rows go and the reason stays', async () => {
    const api = fakeApi({ 'POST raw-data-history/search': () => ({ rows: [row('1')], total: 1 }) });
    const store = RawDataStore.create({}, { http: api.http });
    const history: RawDataView = { ...realtime, mode: 'history', from: 1000, to: 2000 };
    store.watch(history);
    await vi.advanceTimersByTimeAsync(0);
    expect(store.rows).toHaveLength(1);
    store.watch({ ...history, from: 3000 });
    await vi.advanceTimersByTimeAsync(0);
    expect(store.rangeProblem).toBe('raw-data.rangeOrder');
    expect(store.rows).toHaveLength(0);
    store.watch({ ...history, from: NaN });
    expect(store.rangeProblem).toBe('raw-data.fromRequired');
    expect(api.calls).toHaveLength(1);
    store.watch(history);
    await vi.advanceTimersByTimeAsync(0);
    expect(store.rangeProblem).toBeNull();
    expect(store.rows).toHaveLength(1);
  });

  it('exports the view as the server streams it, in the browser’s offset from UTC, following the bytes received', async () => {
    const api = fakeApi({
      'POST raw-data-history/search/excel': () =>
        new Response(new Blob(['x'.repeat(1000)]), { headers: { [EXPORT_ROWS_HEADER]: '12' } }),
    });
    const store = RawDataStore.create({}, { http: api.http });
    const outcome = await store.exportExcel({ ...realtime, mode: 'history', page: 3 });
    expect(outcome.ok && outcome.value.size).toBe(1000);
    expect(store.exportReceived).toBe(1000);
    expect(store.exportRows).toBe(12);
    expect(api.calls[0]).toBe(`POST raw-data-history/search/excel?utcOffsetMinutes=${-new Date().getTimezoneOffset()}`);
  });
});

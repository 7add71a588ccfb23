import { applySnapshot } from 'mobx-state-tree';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { defaultFieldPreference } from '@sensorium/nodes/common';
import { fakeApi } from '../../../core/client/testing/fake-api';
import { CHART_LIVE_MS, ChartStore } from './chart-store';

const preferences = { temperature: { ...defaultFieldPreference('temperature'), displayName: 'Temperature', unit: '°C' } };
const target = (itemUuid = 'u-th1') => ({ appId: 'a1', itemUuid, preferences, width: 300 });
const answer = {
  series: {
    temperature: [
      [1000, 20],
      [2000, 21],
    ],
    label: [[1000, 'open']],
  },
  summary: 'raw',
  interval: 'none',
  thinned: [],
};
const queryOf = (call: string) => new URL(`http://x/${call.split(' ')[1]}`).searchParams;

describe('ChartStore', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('loads the numeric series of an item over the chosen period, and starts another item on the default period', async () => {
    const api = fakeApi({ 'GET node-structure-item/:appId/items/:uuid/chart': () => answer });
    const store = ChartStore.create({}, { http: api.http });
    await store.load(target());
    expect(store.series?.map((series) => [series.field, series.label, series.y])).toEqual([
      ['temperature', 'Temperature', [20, 21]],
    ]);
    const first = queryOf(api.calls[0]!);
    expect(Date.parse(first.get('to')!) - Date.parse(first.get('from')!)).toBe(86_400_000);
    // Raw values are thinned by the server beyond about two points per pixel of the chart.
    expect([first.get('summary'), first.get('points')]).toEqual(['raw', '600']);
    store.setRange('30d');
    await store.load(target());
    const month = queryOf(api.calls[1]!);
    expect(Date.parse(month.get('to')!) - Date.parse(month.get('from')!)).toBe(30 * 86_400_000);
    await store.load(target('u-other'));
    expect(store.range).toBe('24h');
    // The root store's reset when the user changes (a snapshot) takes the series too.
    applySnapshot(store, {});
    expect(store.series).toBeNull();
  });

  it('asks for a summary per interval at the browser’s offset from UTC', async () => {
    const api = fakeApi({ 'GET node-structure-item/:appId/items/:uuid/chart': () => answer });
    const store = ChartStore.create({}, { http: api.http });
    store.setSummary('average');
    store.setInterval('6h');
    await store.load(target());
    const query = queryOf(api.calls[0]!);
    expect([query.get('summary'), query.get('interval'), query.get('utcOffsetMinutes')]).toEqual([
      'average',
      '6h',
      String(-new Date().getTimezoneOffset()),
    ]);
  });

  it('charts a custom range, opening on the period shown, and refuses one without From or ending before it', async () => {
    const api = fakeApi({ 'GET node-structure-item/:appId/items/:uuid/chart': () => answer });
    const store = ChartStore.create({}, { http: api.http });
    await store.load(target());
    store.setRange('7d');
    store.setRange('custom');
    expect(store.customTo! - store.customFrom!).toBe(7 * 86_400_000);
    const from = Date.parse('2025-03-01T00:00:00Z');
    const to = Date.parse('2025-03-02T12:00:00Z');
    store.setCustom(from, to);
    await store.load(target());
    const query = queryOf(api.calls[1]!);
    expect([query.get('from'), query.get('to')]).toEqual([new Date(from).toISOString(), new Date(to).toISOString()]);

    store.setCustom(NaN, to);
    expect(store.rangeProblem).toBe('device-pipeline.history.fromRequired');
    store.setCustom(to, from);
    expect(store.rangeProblem).toBe('device-pipeline.history.rangeOrder');
    await store.load(target());
    expect(api.calls).toHaveLength(2);
  });

  it('follows live values of the charted item without Refresh, at most once per 5 s; a custom range stays', async () => {
    const api = fakeApi({ 'GET node-structure-item/:appId/items/:uuid/chart': () => answer });
    const store = ChartStore.create({}, { http: api.http });
    await store.load(target());
    expect(api.calls).toHaveLength(1);
    store.followLive('u-th1');
    store.followLive('u-th1');
    store.followLive('u-other');
    await vi.advanceTimersByTimeAsync(CHART_LIVE_MS - 100);
    expect(api.calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(100);
    expect(api.calls).toHaveLength(2);
    // Long after the last load, a live value reloads at once.
    await vi.advanceTimersByTimeAsync(CHART_LIVE_MS);
    store.followLive('u-th1');
    await vi.advanceTimersByTimeAsync(0);
    expect(api.calls).toHaveLength(3);

    store.setRange('custom');
    await store.load(target());
    await vi.advanceTimersByTimeAsync(CHART_LIVE_MS);
    store.followLive('u-th1');
    await vi.advanceTimersByTimeAsync(CHART_LIVE_MS);
    expect(api.calls).toHaveLength(4);
  });
});

import ky from 'ky';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Item, NodeValuesPush } from '@sensorium/nodes/common';
import type { SensorStatusPage, SensorStatusRow } from '../common';
import { FILTERED_RELOAD_MS, SEARCH_DELAY_MS, SensorStatusStore } from './store';

const boiler: SensorStatusRow = {
  uuid: 'u-boiler',
  itemName: 'boiler',
  displayName: 'Boiler room',
  path: ['root', 'hall'],
  address: null,
  dataSourceType: 'chirpstack',
  state: 'online',
  severity: 0,
  fields: [
    {
      field: 'temperature',
      label: 'Temperature',
      signal: 'analog',
      decimalPlace: 1,
      unit: '°C',
      value: 21.04,
      status: 'Normal',
      color: 'green',
    },
  ],
  lastReceiveDate: '2026-11-25T08:00:00.000Z',
};

/** The Sensor Status and item APIs as the store sees them: the queries asked, and one page answered. */
function fakeApi(page: SensorStatusPage = { total: 1, rows: [boiler] }) {
  const asked: URLSearchParams[] = [];
  const fetch = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const url = new URL(new Request(input, init).url);
    if (url.pathname.endsWith('/items/u-boiler')) return Response.json({ uuid: 'u-boiler', input: {}, lastReceiveDate: null });
    asked.push(url.searchParams);
    return Response.json(page);
  };
  return { asked, http: ky.create({ prefixUrl: 'http://console.test/api', fetch, retry: 0 }) };
}

const push = (items: Partial<NodeValuesPush['items'][number]>[]): NodeValuesPush => ({
  appId: 'plant',
  items: items.map((item) => ({
    uuid: 'u-boiler',
    outputSimple: {},
    status: { severity: 0, eventSeverity: 0, fieldStatus: {} },
    connection: true,
    lastReceiveDate: null,
    lastValidDate: null,
    ...item,
  })),
});

afterEach(() => vi.useRealTimers());

describe('SensorStatusStore', () => {
  it('loads the first page with the filters as the query, values as the item page shows them, groups hidden', async () => {
    const api = fakeApi();
    const store = SensorStatusStore.create({}, { http: api.http });
    await store.open('plant');
    expect(Object.fromEntries(api.asked[0]!)).toEqual({ page: '1', size: '20' });
    expect(store.rows[0]!.fields[0]).toMatchObject({ text: '21.0 °C', status: 'Normal' });
    expect([1, 2, 3].map((group) => store.shows(group as 1 | 2 | 3))).toEqual([false, false, false]);

    await store.setStatus('online');
    await store.setSeverity(4);
    await store.goTo(20);
    expect(Object.fromEntries(api.asked.at(-1)!)).toEqual({ page: '2', size: '20', status: 'online', severity: '4' });
    store.toggleGroup(2);
    expect(store.shows(2)).toBe(true);
    store.toggleGroup(2);
    expect(store.shows(2)).toBe(false);
  });

  it('asks for the search once typing pauses, and forgets the filters for another application', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const api = fakeApi();
    const store = SensorStatusStore.create({}, { http: api.http });
    await store.open('plant');
    await store.setStatus('offline');
    store.setQuery(' boil');
    store.setQuery(' boiler ');
    vi.advanceTimersByTime(SEARCH_DELAY_MS);
    await vi.waitFor(() => expect(api.asked).toHaveLength(3));
    expect(Object.fromEntries(api.asked[2]!)).toMatchObject({ q: 'boiler', status: 'offline' });
    await store.open('office');
    expect(Object.fromEntries(api.asked.at(-1)!)).toEqual({ page: '1', size: '20' });
  });

  it('applies live values to the row: value, field status, severity, connection, a field’s first value', async () => {
    const store = SensorStatusStore.create({}, { http: fakeApi().http });
    await store.open('plant');
    store.applyValues(
      push([
        {
          outputSimple: { temperature: 45.26, humidity: 70 },
          status: { severity: 4, eventSeverity: 4, fieldStatus: { temperature: { status: 'Hot', color: 'red' } } },
          connection: false,
          lastReceiveDate: '2026-11-25T08:05:00.000Z',
        },
      ]),
    );
    const row = store.rows[0]!;
    expect(row).toMatchObject({ state: 'offline', severity: 4, lastReceiveDate: '2026-11-25T08:05:00.000Z' });
    expect(row.fields.map((field) => [field.field, field.text, field.status, field.color])).toEqual([
      ['temperature', '45.3 °C', 'Hot', 'red'],
      ['humidity', '70.00', '', ''],
    ]);
    // Another application's values change nothing.
    store.applyValues({ ...push([{ connection: true }]), appId: 'office' });
    expect(row.state).toBe('offline');
  });

  it('asks for the page again after live values while a status or severity filter is on', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const api = fakeApi();
    const store = SensorStatusStore.create({}, { http: api.http });
    await store.open('plant');
    store.applyValues(push([{}]));
    vi.advanceTimersByTime(FILTERED_RELOAD_MS);
    expect(api.asked).toHaveLength(1);
    await store.setSeverity(0);
    store.applyValues(push([{}]));
    store.applyValues(push([{}]));
    vi.advanceTimersByTime(FILTERED_RELOAD_MS);
    await vi.waitFor(() => expect(api.asked).toHaveLength(3));
  });

  it('opens a device’s chart with its item, which follows live values, and closes it', async () => {
    const store = SensorStatusStore.create({}, { http: fakeApi().http });
    await store.open('plant');
    await store.select('u-boiler');
    expect(store.selected?.displayName).toBe('Boiler room');
    expect(store.detail).toMatchObject<Partial<Item>>({ uuid: 'u-boiler', lastReceiveDate: null });
    store.applyValues(push([{ lastReceiveDate: '2026-11-25T08:06:00.000Z' }]));
    expect(store.detail?.lastReceiveDate).toBe('2026-11-25T08:06:00.000Z');
    await store.select(null);
    expect(store.detail).toBeNull();
  });
});

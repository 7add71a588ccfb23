import ky from 'ky';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { NotificationDelivery, NotificationHistoryPage } from '../../common';
import { NotificationHistoryStore, PUSH_RELOAD_MS, SEARCH_DELAY_MS } from './store';

const sent: NotificationDelivery = {
  id: '4ae5e87a-c1aa-4e2a-b3b9-b8d690c4fd50',
  eventId: 'e8a2aefe-41c3-4d30-842a-056b12af6701',
  createdAt: '2026-11-25T08:00:00.000Z',
  service: 'smtp',
  channel: 'email',
  usage: 'created',
  reference: 'Tank level high',
  name: 'Alice',
  contact: 'alice@example.com',
  status: 'sent',
  attempts: 1,
  error: null,
  updatedAt: '2026-11-25T08:00:01.000Z',
};

/** The history API as the store sees it: the paths and queries asked, and one page (or a 404) answered. */
function fakeApi(answer: NotificationHistoryPage | 404 = { total: 1, rows: [sent] }) {
  const asked: URL[] = [];
  const fetch = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const url = new URL(new Request(input, init).url);
    asked.push(url);
    if (url.pathname.endsWith('/export')) return new Response(new Blob(['xlsx']));
    if (answer === 404) return Response.json({ message: 'Not found' }, { status: 404 });
    return Response.json(answer);
  };
  const http = ky.create({ prefixUrl: 'http://console.test/api', fetch, retry: 0 });
  return { asked, query: (index = -1) => Object.fromEntries(asked.at(index)!.searchParams), http };
}

afterEach(() => vi.useRealTimers());

describe('NotificationHistoryStore', () => {
  it('loads the newest page, then with the filters as the query; a new filter starts at the first page', async () => {
    const api = fakeApi({ total: 25, rows: [sent] });
    const store = NotificationHistoryStore.create({}, { http: api.http });
    await store.open('plant');
    expect(api.asked[0]!.pathname).toBe('/api/notifications/plant/history');
    expect(api.query()).toEqual({ page: '0', size: '10' });
    expect(store.rows[0]).toMatchObject({ name: 'Alice', status: 'sent' });
    expect(store.total).toBe(25);

    await store.goTo(20);
    expect(api.query()).toEqual({ page: '2', size: '10' });
    await store.filter({ channel: 'email', status: 'failed', from: '2026-11-25T08:00' });
    expect(api.query()).toEqual({
      page: '0',
      size: '10',
      channel: 'email',
      status: 'failed',
      from: new Date('2026-11-25T08:00').toISOString(),
    });
    await store.filter({ size: 50, channel: null });
    expect(api.query()).toEqual({ page: '0', size: '50', status: 'failed', from: new Date('2026-11-25T08:00').toISOString() });
  });

  it('asks for the search once typing pauses, and forgets the filters for another application', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const api = fakeApi();
    const store = NotificationHistoryStore.create({}, { http: api.http });
    await store.open('plant');
    await store.filter({ status: 'skipped' });
    store.search(' ali');
    store.search(' alice ');
    vi.advanceTimersByTime(SEARCH_DELAY_MS);
    await vi.waitFor(() => expect(api.asked).toHaveLength(3));
    expect(api.query()).toMatchObject({ q: 'alice', status: 'skipped' });
    await store.open('office');
    expect(api.query()).toEqual({ page: '0', size: '10' });
    expect(store.q).toBe('');
  });

  it('reloads once after a burst of pushes for its application, and not for another one', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const api = fakeApi();
    const store = NotificationHistoryStore.create({}, { http: api.http });
    await store.open('plant');
    store.changed('office');
    store.changed('plant');
    store.changed('plant');
    vi.advanceTimersByTime(PUSH_RELOAD_MS);
    await vi.waitFor(() => expect(api.asked).toHaveLength(2));
    vi.advanceTimersByTime(PUSH_RELOAD_MS);
    expect(api.asked).toHaveLength(2);
  });

  it('exports with the filters and the browser’s offset from UTC', async () => {
    const api = fakeApi();
    const store = NotificationHistoryStore.create({}, { http: api.http });
    await store.open('plant');
    await store.filter({ channel: 'sms' });
    const outcome = await store.exportExcel();
    expect(outcome.ok).toBe(true);
    expect(api.asked.at(-1)!.pathname).toBe('/api/notifications/plant/history/export');
    expect(api.query()).toEqual({ channel: 'sms', utcOffsetMinutes: String(-new Date().getTimezoneOffset()) });
  });

  it('knows an unknown application by its 404', async () => {
    const store = NotificationHistoryStore.create({}, { http: fakeApi(404).http });
    await store.open('nowhere');
    expect(store.notFound).toBe(true);
  });
});

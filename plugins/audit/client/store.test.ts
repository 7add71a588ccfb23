import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AuditRecord } from '@sensorium/core/common';
import { fakeApi } from '../../../core/client/testing/fake-api';
import { AuditStore, SEARCH_DEBOUNCE_MS } from './store';

const record = (id: number, username: string | null): AuditRecord => ({
  id,
  at: '2026-01-01T00:00:00.000Z',
  userId: username,
  username,
  action: 'POST /auth/login',
  target: null,
  pluginId: 'core',
  address: '127.0.0.1',
  outcome: username ? 'success' : 'failure',
  detail: { reason: 'kept on the server' },
});

/** GET audit-history/ over 25 records, filtered by username like the server's keyword. */
function server() {
  const records = Array.from({ length: 25 }, (_, index) => record(25 - index, index % 5 === 0 ? null : `user${index}`));
  return fakeApi({
    'GET audit-history/': ({ query }) => {
      const keyword = query.get('keyword');
      const matching = keyword ? records.filter((entry) => entry.username?.includes(keyword)) : records;
      const offset = Number(query.get('offset'));
      return { total: matching.length, records: matching.slice(offset, offset + Number(query.get('limit'))) };
    },
  });
}

describe('AuditStore', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('opens at the first page of 10 records, typed, without their detail', async () => {
    const { http, calls } = server();
    const store = AuditStore.create({}, { http });
    await store.open();
    expect(calls).toEqual(['GET audit-history/?offset=0&limit=10']);
    expect(store.total).toBe(25);
    expect(store.records).toHaveLength(10);
    expect(store.records[0]).toMatchObject({ id: 25, username: null, outcome: 'failure' });
    expect('detail' in store.records[0]!).toBe(false);
  });

  it('searches once typing pauses, from the first page, dropping the keystrokes before', async () => {
    const { http, calls } = server();
    const store = AuditStore.create({}, { http });
    await store.open();
    store.goTo(10);
    store.search('user1');
    store.search('user12');
    expect(store.offset).toBe(0);
    await vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS - 1);
    expect(calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls.at(-1)).toBe('GET audit-history/?offset=0&limit=10&keyword=user12');
    await vi.advanceTimersByTimeAsync(0);
    expect(store.records.map((entry) => entry.username)).toEqual(['user12']);
  });

  it('changes the page size and the page', async () => {
    const { http, calls } = server();
    const store = AuditStore.create({}, { http });
    await store.open();
    store.setLimit(50);
    await vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS);
    expect(store.records).toHaveLength(25);
    store.setLimit(10);
    store.goTo(20);
    await vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS);
    expect(calls.at(-1)).toBe('GET audit-history/?offset=20&limit=10');
    expect(store.records.map((entry) => entry.id)).toEqual([5, 4, 3, 2, 1]);
  });

  it('loads nothing after the page is left', async () => {
    const { http, calls } = server();
    const store = AuditStore.create({}, { http });
    store.search('user');
    store.cancel();
    await vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS * 2);
    expect(calls).toEqual([]);
  });
});

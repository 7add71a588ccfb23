import { describe, expect, it } from 'vitest';
import { apiError, fakeApi } from '../../../../core/client/testing/fake-api';
import type { DeadLetterRow } from '../../common';
import { DeadLetterStore } from './store';

const letter = (index: number): DeadLetterRow => ({
  id: String(index),
  createdAt: '2026-01-01T00:00:00.000Z',
  source: 'chirpstack',
  origin: `application/a/device/${index}/event/up`,
  reason: index % 2 ? 'invalid-json' : 'too-large',
  detail: '',
  payload: '{"oops',
  payloadBytes: 6,
  appId: null,
  organisationId: null,
});

/** GET dead-letters over 25 letters, newest first; `fail()` makes the next calls fail. */
function server() {
  const letters = Array.from({ length: 25 }, (_, index) => letter(25 - index));
  let failing = false;
  const api = fakeApi({
    'GET dead-letters': ({ query }) => {
      if (failing) return apiError(500, 'Failed');
      const offset = Number(query.get('offset'));
      return { total: letters.length, rows: letters.slice(offset, offset + Number(query.get('limit'))) };
    },
  });
  return { ...api, fail: () => (failing = true) };
}

describe('DeadLetterStore', () => {
  it('opens at the newest 20 letters and pages on', async () => {
    const { http, calls } = server();
    const store = DeadLetterStore.create({}, { http });
    await store.open();
    expect(calls).toEqual(['GET dead-letters?offset=0&limit=20']);
    expect(store.total).toBe(25);
    expect(store.letters.map((entry) => entry.id).slice(0, 2)).toEqual(['25', '24']);
    await store.goTo(20);
    expect(store.letters.map((entry) => entry.id)).toEqual(['5', '4', '3', '2', '1']);
  });

  it('shows the selected letter while it is on the page, and keeps the page when a load fails', async () => {
    const { http, fail } = server();
    const store = DeadLetterStore.create({}, { http });
    await store.open();
    store.select('24');
    expect(store.selected).toMatchObject({ reason: 'too-large', origin: 'application/a/device/24/event/up' });
    fail();
    await store.goTo(20);
    expect(store.loading.failed).toBe(true);
    expect(store.letters).toHaveLength(20);
  });
});

import { describe, expect, it } from 'vitest';
import { fakeApi } from '../../../../core/client/testing/fake-api';
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

describe('DeadLetterStore', () => {
  it('reads a page of dead letters, newest first, and the one selected', async () => {
    const letters = Array.from({ length: 25 }, (_, index) => letter(25 - index));
    const { http, calls } = fakeApi({
      'GET dead-letters': ({ query }) => {
        const offset = Number(query.get('offset'));
        return { total: letters.length, rows: letters.slice(offset, offset + Number(query.get('limit'))) };
      },
    });
    const store = DeadLetterStore.create({}, { http });
    await store.open();
    expect(calls).toEqual(['GET dead-letters?offset=0&limit=20']);
    expect(store.total).toBe(25);
    expect(store.rows.map((entry) => entry.id).slice(0, 2)).toEqual(['25', '24']);
    store.select('24');
    expect(store.selected).toMatchObject({ reason: 'too-large', origin: 'application/a/device/24/event/up' });
  });
});

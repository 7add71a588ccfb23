import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiError, fakeApi } from '../../../../core/client/testing/fake-api';
import type { NotificationDelivery } from '../../common/history';
import { PUSH_RELOAD_MS } from '../history/store';
import { EventDeliveriesStore } from './store';

const EVENT = '5e6f7a8b-9c0d-4e1f-8a2b-3c4d5e6f7a01';

const delivery = (id: string, patch: Partial<NotificationDelivery> = {}): NotificationDelivery => ({
  id,
  eventId: EVENT,
  createdAt: '2026-11-25T08:00:00.000Z',
  service: 'smtp',
  channel: 'email',
  usage: 'created',
  reference: 'tank level: high',
  name: 'Alice',
  contact: 'alice@example.com',
  status: 'queued',
  attempts: 0,
  error: null,
  updatedAt: '2026-11-25T08:00:00.000Z',
  ...patch,
});

/** The history API of application `plant`: two deliveries of EVENT, one of another event. */
function server() {
  const rows = [
    delivery('d2', { channel: 'sms', name: 'Bob', contact: '+85291234567', status: 'skipped', error: 'unsubscribed' }),
    delivery('d1'),
    delivery('d0', { eventId: 'another' }),
  ];
  const state = { fail: false };
  const api = fakeApi({
    'GET notifications/plant/history': ({ query }) => {
      if (state.fail) return apiError(500, 'The history is away');
      const mine = rows.filter((row) => row.eventId === query.get('eventId'));
      return { total: mine.length, rows: mine };
    },
  });
  return { ...api, rows, state };
}

describe('EventDeliveriesStore', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('loads only the event’s deliveries with contact, channel, status and time', async () => {
    const { http, calls } = server();
    const store = EventDeliveriesStore.create({ appId: 'plant', eventId: EVENT }, { http });
    const loading = store.load();
    expect(store.loading.pending).toBe(true);
    await loading;
    expect(calls).toEqual([`GET notifications/plant/history?eventId=${EVENT}&page=0&size=100`]);
    expect(store.total).toBe(2);
    expect(store.deliveries.map((row) => [row.name, row.channel, row.contact, row.status, row.error])).toEqual([
      ['Bob', 'sms', '+85291234567', 'skipped', 'unsubscribed'],
      ['Alice', 'email', 'alice@example.com', 'queued', null],
    ]);
  });

  it('reads again once a burst of pushes for its application is over, not for another application', async () => {
    const { http, calls, rows } = server();
    const store = EventDeliveriesStore.create({ appId: 'plant', eventId: EVENT }, { http });
    await store.load();
    rows[1]!.status = 'sent';
    store.changed('elsewhere');
    store.changed('plant');
    store.changed('plant');
    await vi.advanceTimersByTimeAsync(PUSH_RELOAD_MS);
    expect(calls).toHaveLength(2);
    expect(store.deliveries[1]!.status).toBe('sent');
    store.changed('plant');
    store.cancel();
    await vi.advanceTimersByTimeAsync(PUSH_RELOAD_MS);
    expect(calls).toHaveLength(2);
  });

  it('keeps the deliveries shown with the server’s message when reading again fails', async () => {
    const { http, state } = server();
    const store = EventDeliveriesStore.create({ appId: 'plant', eventId: EVENT }, { http });
    await store.load();
    state.fail = true;
    await store.load();
    expect(store.loading.failure).toMatchObject({ status: 500, message: 'The history is away' });
    expect(store.deliveries).toHaveLength(2);
  });
});

import { describe, expect, it } from 'vitest';
import { apiError, fakeApi } from '../../../../core/client/testing/fake-api';
import type { WebhookDeliveryTry } from '../../common';
import { EventWebhookTriesStore } from './store';

const EVENT = '2b0c7e8a-3f1d-4c6e-8a9b-5d4e3f2a1b01';

const attempt = (id: number, patch: Partial<WebhookDeliveryTry> = {}): WebhookDeliveryTry => ({
  id,
  deliveryId: 'd1',
  eventId: EVENT,
  transition: 'created',
  method: 'POST',
  url: 'https://hooks.example.com/alarm',
  try: id,
  status: 'retrying',
  responseCode: 503,
  durationMs: 40 + id,
  error: 'Service Unavailable',
  at: `2026-11-25T08:0${id}:00.000Z`,
  ...patch,
});

/** The delivery log of application `plant`: 23 tries of EVENT (the API pages 20), none of other events. */
function server() {
  const tries = Array.from({ length: 23 }, (_, index) => attempt(23 - index));
  tries[0] = attempt(23, { status: 'succeeded', responseCode: 200, error: null });
  const state = { fail: false };
  const api = fakeApi({
    'GET event-actions/plant/webhook-deliveries': ({ query }) => {
      if (state.fail) return apiError(500, 'The log is away');
      const mine = query.get('eventId') === EVENT ? tries : [];
      return { total: mine.length, page: 0, size: 20, deliveries: mine.slice(0, 20) };
    },
  });
  return { ...api, state };
}

describe('EventWebhookTriesStore', () => {
  it('loads the event’s newest tries with their outcome, and how many there are', async () => {
    const { http, calls } = server();
    const store = EventWebhookTriesStore.create({ appId: 'plant', eventId: EVENT }, { http });
    const loading = store.load();
    expect(store.loading.pending).toBe(true);
    await loading;
    expect(calls).toEqual([`GET event-actions/plant/webhook-deliveries?page=0&eventId=${EVENT}`]);
    expect(store.total).toBe(23);
    expect(store.tries).toHaveLength(20);
    expect(store.tries[0]).toMatchObject({ status: 'succeeded', responseCode: 200, error: null, try: 23 });
    expect(store.tries[1]).toMatchObject({ status: 'retrying', responseCode: 503, durationMs: 62, error: 'Service Unavailable' });
  });

  it('keeps the tries shown with the server’s message when reading again fails', async () => {
    const { http, state } = server();
    const store = EventWebhookTriesStore.create({ appId: 'plant', eventId: EVENT }, { http });
    await store.load();
    state.fail = true;
    await store.load();
    expect(store.loading.failure).toMatchObject({ status: 500, message: 'The log is away' });
    expect(store.tries).toHaveLength(20);
    state.fail = false;
    await store.load();
    expect(store.loading.failed).toBe(false);
  });
});

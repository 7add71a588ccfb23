import { describe, expect, it } from 'vitest';
import { apiError, fakeApi } from '../../../core/client/testing/fake-api';
import type { WebhookDeliveryTry } from '../common';
import { WebhooksStore } from './store';

const entry = (id: number): WebhookDeliveryTry => ({
  id,
  deliveryId: '7f1c1f0e-7d59-4b4f-9b52-3c1b1a0c0001',
  eventId: '7f1c1f0e-7d59-4b4f-9b52-3c1b1a0c0002',
  transition: 'created',
  method: 'POST',
  url: 'https://hooks.example.com/in',
  try: 1,
  status: id % 2 ? 'retrying' : 'succeeded',
  responseCode: id % 2 ? 503 : 200,
  durationMs: 42,
  error: id % 2 ? 'The receiver answered HTTP 503' : null,
  at: '2026-11-25T08:00:00.000Z',
});

/** The event-actions calls over 25 tries of `plant`, paged at 20 like the server; other applications are unknown. */
function server() {
  let secret = 'whsec_first-secret-abcd';
  const log = Array.from({ length: 25 }, (_, index) => entry(25 - index));
  return fakeApi({
    'GET event-actions/:appId/webhook-deliveries': ({ params, query }) => {
      if (params.appId !== 'plant') return apiError(404, 'Not found');
      const page = Number(query.get('page'));
      return { total: log.length, page, size: 20, deliveries: log.slice(page * 20, page * 20 + 20) };
    },
    'GET event-actions/:appId/webhook-secret': ({ params }) =>
      params.appId === 'plant'
        ? { secret: `whsec_…${secret.slice(-4)}`, createdAt: '2026-11-25T07:00:00.000Z' }
        : apiError(404, 'Not found'),
    'POST event-actions/:appId/webhook-secret/rotate': () => {
      secret = 'whsec_second-secret-wxyz';
      return { secret, createdAt: '2026-11-25T09:00:00.000Z' };
    },
  });
}

describe('WebhooksStore', () => {
  it('opens an application’s masked secret and the newest page of its delivery log, then other pages', async () => {
    const { http, calls } = server();
    const store = WebhooksStore.create({}, { http });
    await store.open('plant');
    expect(store.maskedSecret).toBe('whsec_…abcd');
    expect(store.total).toBe(25);
    expect(store.deliveries.map((row) => row.id)).toEqual(Array.from({ length: 20 }, (_, index) => 25 - index));
    await store.load(1);
    expect(store.page).toBe(1);
    expect(store.deliveries.map((row) => row.id)).toEqual([5, 4, 3, 2, 1]);
    expect(calls).toContain('GET event-actions/plant/webhook-deliveries?page=1');
  });

  it('shows a rotated secret in full until dismissed, then only masked', async () => {
    const { http } = server();
    const store = WebhooksStore.create({}, { http });
    await store.open('plant');
    expect(await store.rotate()).toBe(true);
    expect(store.newSecret).toBe('whsec_second-secret-wxyz');
    expect(store.maskedSecret).toBe('whsec_…wxyz');
    store.dismissNewSecret();
    expect(store.newSecret).toBeNull();
  });

  it('keeps nothing of an application it cannot read, and drops the answer for one the user has left', async () => {
    const { http } = server();
    const store = WebhooksStore.create({}, { http });
    await store.open('other');
    expect(store.loading.failed).toBe(true);
    expect(store.deliveries).toHaveLength(0);
    const leaving = store.open('plant');
    store.select('other');
    await leaving;
    expect(store.appId).toBe('other');
    expect(store.deliveries).toHaveLength(0);
    expect(store.maskedSecret).toBeNull();
  });
});

import { getEnv } from 'mobx-state-tree';
import type { StoreEnv } from '@sensorium/core/client';
import type { MaskedWebhookSecret, WebhookDeliveriesPage, WebhookSecret } from '../common';

const encode = encodeURIComponent;

/** The event-actions calls of the Webhooks tab, through the console's HTTP client in the store's environment. */
export function eventActionsApi(node: object) {
  const { http } = getEnv<Pick<StoreEnv, 'http'>>(node);
  return {
    /** One page of the application's tries, or of one event's with `eventId`. */
    deliveries: (appId: string, page: number, eventId?: string) =>
      http
        .get(`event-actions/${encode(appId)}/webhook-deliveries`, { searchParams: { page, ...(eventId ? { eventId } : {}) } })
        .json<WebhookDeliveriesPage>(),
    secret: (appId: string) => http.get(`event-actions/${encode(appId)}/webhook-secret`).json<MaskedWebhookSecret>(),
    rotate: (appId: string) => http.post(`event-actions/${encode(appId)}/webhook-secret/rotate`).json<WebhookSecret>(),
  };
}

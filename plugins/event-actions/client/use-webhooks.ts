import { usePluginStore } from '@sensorium/core/client';
import type { WebhooksStore, WebhooksStoreInstance } from './store';

export const WEBHOOKS_STORE = 'eventActionsWebhooks';

/** The Webhooks tab's store. Read it inside an observer() component. */
export function useWebhooks(): WebhooksStoreInstance {
  return usePluginStore<typeof WebhooksStore>(WEBHOOKS_STORE);
}

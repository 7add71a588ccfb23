import { cast, types, type Instance } from 'mobx-state-tree';
import { RequestModel, track } from '@sensorium/core/client';
import type { WebhookDeliveriesPage } from '../../common';
import { eventActionsApi } from '../api';
import { DeliveryTryModel } from '../store';

/**
 * The webhook tries of one event (the details' "Webhook deliveries" section): its newest page, and how many there are
 * in all. A failed load keeps the tries shown.
 */
export const EventWebhookTriesStore = types
  .model('EventWebhookTries', {
    appId: types.string,
    eventId: types.string,
    tries: types.array(DeliveryTryModel),
    total: 0,
    loading: types.optional(RequestModel, {}),
  })
  .actions((self) => ({
    setPage(page: WebhookDeliveriesPage) {
      self.total = page.total;
      self.tries = cast(page.deliveries);
    },
  }))
  .actions((self) => ({
    async load(): Promise<void> {
      const outcome = await track(self.loading, () => eventActionsApi(self).deliveries(self.appId, 0, self.eventId));
      if (outcome.ok) self.setPage(outcome.value);
    },
  }));
export type EventWebhookTriesStoreInstance = Instance<typeof EventWebhookTriesStore>;

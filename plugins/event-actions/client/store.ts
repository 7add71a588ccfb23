import { cast, types, type Instance } from 'mobx-state-tree';
import { RequestModel, track } from '@sensorium/core/client';
import { ACTION_TRANSITIONS, maskWebhookSecret, type WebhookDeliveriesPage, type WebhookSecret } from '../common';
import { eventActionsApi } from './api';

export const DeliveryTryModel = types.model('WebhookDeliveryTry', {
  id: types.number,
  deliveryId: types.string,
  eventId: types.string,
  transition: types.enumeration('ActionTransition', [...ACTION_TRANSITIONS]),
  method: types.enumeration('WebhookMethod', ['GET', 'POST']),
  url: types.string,
  try: types.number,
  status: types.enumeration('WebhookTryStatus', ['succeeded', 'retrying', 'failed']),
  responseCode: types.maybeNull(types.number),
  durationMs: types.number,
  error: types.maybeNull(types.string),
  at: types.string,
});

/**
 * The Webhooks tab of one application's settings: its signing secret (masked, or in full just after a rotation) and
 * the delivery log a page at a time. Answers for an application the user has left are dropped.
 */
export const WebhooksStore = types
  .model('WebhooksStore', {
    appId: types.maybeNull(types.string),
    maskedSecret: types.maybeNull(types.string),
    /** The new secret, shown once after a rotation until the tab is opened again. */
    newSecret: types.maybeNull(types.string),
    /** 0-based page of the log. */
    page: 0,
    total: 0,
    pageSize: 20,
    deliveries: types.array(DeliveryTryModel),
    loading: types.optional(RequestModel, {}),
    rotating: types.optional(RequestModel, {}),
  })
  .actions((self) => ({
    select(appId: string) {
      self.appId = appId;
      self.maskedSecret = null;
      self.newSecret = null;
      self.page = 0;
      self.total = 0;
      self.deliveries.clear();
    },
    setLog(log: WebhookDeliveriesPage) {
      self.page = log.page;
      self.total = log.total;
      self.pageSize = log.size;
      self.deliveries = cast(log.deliveries);
    },
    setMasked(secret: string | null) {
      self.maskedSecret = secret;
    },
    dismissNewSecret() {
      self.newSecret = null;
    },
    setRotated(rotated: WebhookSecret) {
      self.newSecret = rotated.secret;
      self.maskedSecret = maskWebhookSecret(rotated.secret);
    },
  }))
  .actions((self) => {
    const api = () => eventActionsApi(self);
    return {
      /** One page of the log (with the secret's masked form, which a rotation elsewhere may have changed). */
      async load(page = self.page): Promise<void> {
        const appId = self.appId;
        if (appId === null) return;
        const outcome = await track(self.loading, () => Promise.all([api().deliveries(appId, page), api().secret(appId)]));
        if (!outcome.ok || self.appId !== appId) return;
        const [log, secret] = outcome.value;
        self.setLog(log);
        self.setMasked(secret.secret);
      },
      async rotate(): Promise<boolean> {
        const appId = self.appId;
        if (appId === null) return false;
        const outcome = await track(self.rotating, () => api().rotate(appId));
        if (outcome.ok && self.appId === appId) self.setRotated(outcome.value);
        return outcome.ok;
      },
    };
  })
  .actions((self) => ({
    open(appId: string): Promise<void> {
      self.select(appId);
      return self.load(0);
    },
  }));

export type WebhooksStoreInstance = Instance<typeof WebhooksStore>;

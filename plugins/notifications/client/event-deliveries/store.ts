import { cast, getEnv, types, type Instance } from 'mobx-state-tree';
import { RequestModel, track, type StoreEnv } from '@sensorium/core/client';
import type { NotificationHistoryPage } from '../../common/history';
import { DeliveryModel, PUSH_RELOAD_MS } from '../history/store';

/** The most deliveries the details show: the history API's largest page. */
export const EVENT_DELIVERIES_SHOWN = 100;

/**
 * The notifications sent for one event (the details' "Notifications" section), newest first, and how many there are in
 * all; read again, once a burst of `notification-delivery` pushes is over, while deliveries go out.
 */
export const EventDeliveriesStore = types
  .model('EventDeliveries', {
    appId: types.string,
    eventId: types.string,
    deliveries: types.array(DeliveryModel),
    total: 0,
    loading: types.optional(RequestModel, {}),
  })
  .volatile(() => ({ timer: null as ReturnType<typeof setTimeout> | null }))
  .actions((self) => ({
    setPage(page: NotificationHistoryPage) {
      self.total = page.total;
      self.deliveries = cast(page.rows);
    },
    setTimer(timer: ReturnType<typeof setTimeout> | null) {
      if (self.timer) clearTimeout(self.timer);
      self.timer = timer;
    },
  }))
  .actions((self) => {
    async function load(): Promise<void> {
      self.setTimer(null);
      const { http } = getEnv<Pick<StoreEnv, 'http'>>(self);
      const searchParams = { eventId: self.eventId, page: 0, size: EVENT_DELIVERIES_SHOWN };
      const outcome = await track(self.loading, () =>
        http.get(`notifications/${encodeURIComponent(self.appId)}/history`, { searchParams }).json<NotificationHistoryPage>(),
      );
      if (outcome.ok) self.setPage(outcome.value);
    }
    return {
      load,
      /** The application's deliveries changed (the push): read again once the burst is over. */
      changed(appId: string) {
        if (appId === self.appId && !self.timer) self.setTimer(setTimeout(() => void load(), PUSH_RELOAD_MS));
      },
      /** Forgets a read that has not started (the details were closed). */
      cancel() {
        self.setTimer(null);
      },
    };
  });
export type EventDeliveriesStoreInstance = Instance<typeof EventDeliveriesStore>;

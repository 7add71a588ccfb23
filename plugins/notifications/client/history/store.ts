import { cast, getEnv, types, type Instance } from 'mobx-state-tree';
import { RequestModel, track, type Outcome, type StoreEnv } from '@sensorium/core/client';
import {
  DELIVERY_CHANNELS,
  DELIVERY_STATUSES,
  DELIVERY_USAGES,
  HISTORY_PAGE_SIZES,
  type DeliveryChannel,
  type DeliveryStatus,
  type NotificationHistoryPage,
} from '../../common/history';

export { HISTORY_STORE } from './store-name';
/** Typing in the search waits this long before asking the server. */
export const SEARCH_DELAY_MS = 300;
/** Pushes while deliveries go out come in bursts: the page reloads at most this often. */
export const PUSH_RELOAD_MS = 1000;

export const DeliveryModel = types.model('NotificationDelivery', {
  id: types.identifier,
  eventId: types.maybeNull(types.string),
  createdAt: types.string,
  service: types.string,
  channel: types.enumeration<DeliveryChannel>([...DELIVERY_CHANNELS]),
  usage: types.enumeration([...DELIVERY_USAGES]),
  reference: types.string,
  name: types.string,
  contact: types.string,
  status: types.enumeration<DeliveryStatus>([...DELIVERY_STATUSES]),
  attempts: types.number,
  error: types.maybeNull(types.string),
  updatedAt: types.string,
});
export type DeliveryInstance = Instance<typeof DeliveryModel>;

/** A `datetime-local` value (the browser's time) as an ISO time; empty stays empty. */
const isoOf = (local: string) => (local ? new Date(local).toISOString() : '');

/**
 * The Notification History page of one application: its deliveries a page at a time, newest first, filtered by
 * channel, status, time range and text; reloaded when the `notification-delivery` push says they changed.
 */
export const NotificationHistoryStore = types
  .model('NotificationHistory', {
    appId: '',
    q: '',
    channel: types.maybeNull(types.enumeration<DeliveryChannel>([...DELIVERY_CHANNELS])),
    status: types.maybeNull(types.enumeration<DeliveryStatus>([...DELIVERY_STATUSES])),
    /** `datetime-local` values in the browser's time; empty: no bound. */
    from: '',
    to: '',
    size: types.optional(types.number, HISTORY_PAGE_SIZES[0]),
    offset: 0,
    total: 0,
    rows: types.array(DeliveryModel),
    loading: types.optional(RequestModel, {}),
    exporting: types.optional(RequestModel, {}),
  })
  .volatile(() => ({ latestLoad: 0, timer: null as ReturnType<typeof setTimeout> | null }))
  .views((self) => ({
    /** An unknown application, or one the user may not see. */
    get notFound(): boolean {
      return self.loading.failure?.status === 404;
    },
    /** The filters as the API takes them. */
    get filters(): Record<string, string> {
      const filters: Record<string, string> = {};
      if (self.q.trim()) filters.q = self.q.trim();
      if (self.channel) filters.channel = self.channel;
      if (self.status) filters.status = self.status;
      if (self.from) filters.from = isoOf(self.from);
      if (self.to) filters.to = isoOf(self.to);
      return filters;
    },
    get base(): string {
      return `notifications/${encodeURIComponent(self.appId)}/history`;
    },
  }))
  .actions((self) => ({
    nextLoad(): number {
      return ++self.latestLoad;
    },
    setPage(page: NotificationHistoryPage) {
      self.total = page.total;
      self.rows = cast(page.rows);
    },
    cancelTimer() {
      if (self.timer) clearTimeout(self.timer);
      self.timer = null;
    },
    setTimer(timer: ReturnType<typeof setTimeout>) {
      self.timer = timer;
    },
    /** Changes the query; `offset` goes back to the first page unless given. */
    setQuery(query: Partial<Pick<typeof self, 'q' | 'channel' | 'status' | 'from' | 'to' | 'size' | 'offset'>>) {
      Object.assign(self, { offset: 0, ...query });
    },
  }))
  .actions((self) => {
    const http = () => getEnv<Pick<StoreEnv, 'http'>>(self).http;

    /** A failed load keeps the rows shown; the page shows the failure. */
    async function load(): Promise<void> {
      self.cancelTimer();
      const ticket = self.nextLoad();
      const searchParams = { ...self.filters, page: Math.floor(self.offset / self.size), size: self.size };
      const outcome = await track(self.loading, () => http().get(self.base, { searchParams }).json<NotificationHistoryPage>());
      if (outcome.ok && ticket === self.latestLoad) self.setPage(outcome.value);
    }

    /** Loads once `delay` has passed; a later call replaces an earlier wait. */
    function loadAfter(delay: number) {
      self.cancelTimer();
      self.setTimer(setTimeout(() => void load(), delay));
    }

    return {
      load,
      /** Opens an application's page: the first page, with the filters kept only for the same application. */
      open(appId: string): Promise<void> {
        if (appId !== self.appId) {
          self.setQuery({ q: '', channel: null, status: null, from: '', to: '' });
          self.appId = appId;
          self.rows.clear();
          self.total = 0;
        }
        self.setQuery({});
        return load();
      },
      /** The search text; the list follows once typing pauses. */
      search(q: string) {
        self.setQuery({ q });
        loadAfter(SEARCH_DELAY_MS);
      },
      filter(query: Partial<Pick<typeof self, 'channel' | 'status' | 'from' | 'to' | 'size'>>): Promise<void> {
        self.setQuery(query);
        return load();
      },
      goTo(offset: number): Promise<void> {
        self.setQuery({ offset });
        return load();
      },
      /** The application's deliveries changed (the push): the page shown is asked for again, once a burst is over. */
      changed(appId: string) {
        if (appId === self.appId && !self.timer) loadAfter(PUSH_RELOAD_MS);
      },
      /** The filtered deliveries as an Excel file, times in the browser's time zone. */
      exportExcel(): Promise<Outcome<Blob>> {
        const searchParams = { ...self.filters, utcOffsetMinutes: -new Date().getTimezoneOffset() };
        return track(self.exporting, () => http().get(`${self.base}/export`, { searchParams }).blob());
      },
      beforeDestroy() {
        self.cancelTimer();
      },
    };
  });

export type NotificationHistoryStoreInstance = Instance<typeof NotificationHistoryStore>;

import { cast, types, type Instance, type SnapshotIn } from 'mobx-state-tree';
import { RequestModel, track, type Outcome } from '@sensorium/core/client';
import { EVENT_PAGE_SIZES, type EventDetail, type EventListPage } from '../common/event-query';
import { eventsApi, NO_FILTERS, type EventFilters } from './api';
import { EventFiltersModel, EventModel, HistoryEntryModel } from './models';

/** Typing in a filter, and a burst of pushes, wait this long before the list is asked for. */
export const RELOAD_DELAY_MS = 300;

export type EventAction = 'ack' | 'clear';

/** The event shown in the details dialog, with its history. */
const EventDetailStore = types
  .model('EventDetailStore', {
    id: types.maybeNull(types.string),
    event: types.maybeNull(EventModel),
    history: types.array(HistoryEntryModel),
    loading: types.optional(RequestModel, {}),
  })
  .actions((self) => ({
    show(id: string | null) {
      self.id = id;
      self.event = null;
      self.history.clear();
      self.loading.clear();
    },
    set(detail: EventDetail) {
      self.event = cast(detail.event);
      self.history = cast(detail.history);
    },
  }));

/**
 * The Event View (app/{app_id}/event-view) of one application: its filters, the page of events the server answered for
 * them, the events selected for Acknowledge or Clear, and the event whose details are open. An answer to an older query
 * never replaces a newer one; a failed load keeps the rows shown.
 */
export const EventViewStore = types
  .model('EventViewStore', {
    appId: types.maybeNull(types.string),
    filters: types.optional(EventFiltersModel, {}),
    page: 0,
    size: types.optional(types.number, EVENT_PAGE_SIZES[0]),
    total: 0,
    rows: types.array(EventModel),
    selectedIds: types.array(types.string),
    /** The application does not exist or the user may not see it (the list answered 404). */
    notFound: false,
    loading: types.optional(RequestModel, {}),
    acting: types.optional(RequestModel, {}),
    exporting: types.optional(RequestModel, {}),
    detail: types.optional(EventDetailStore, {}),
  })
  .volatile(() => ({ latestLoad: 0, timer: null as ReturnType<typeof setTimeout> | null }))
  .views((self) => ({
    get plainFilters(): EventFilters {
      const { severity, status, from, to, device, tags, q } = self.filters;
      return { severity, status, from, to, device, tags, q };
    },
    /** Cleared events cannot be acknowledged or cleared: they are not offered for selection. */
    get selectableIds(): string[] {
      return self.rows.filter((event) => !event.isCleared).map((event) => event.id);
    },
    isSelected(id: string): boolean {
      return self.selectedIds.includes(id);
    },
  }))
  .views((self) => ({
    get allSelected(): boolean {
      const selectable = self.selectableIds;
      return selectable.length > 0 && selectable.every((id) => self.selectedIds.includes(id));
    },
    get filtered(): boolean {
      return JSON.stringify(self.plainFilters) !== JSON.stringify(NO_FILTERS);
    },
  }))
  .actions((self) => ({
    /** Another application's view starts afresh: no filters, first page, nothing selected or open. */
    reset(appId: string) {
      self.appId = appId;
      self.filters = cast({});
      self.page = 0;
      self.total = 0;
      self.rows.clear();
      self.selectedIds.clear();
      self.notFound = false;
      self.detail.show(null);
    },
    setPage(page: EventListPage) {
      self.total = page.total;
      self.rows = cast(page.rows as SnapshotIn<typeof EventModel>[]);
      // A selection outlives a reload only for the events still shown and still open.
      const selectable = new Set(self.rows.filter((event) => !event.isCleared).map((event) => event.id));
      self.selectedIds = cast(self.selectedIds.filter((id) => selectable.has(id)));
    },
    setNotFound() {
      self.notFound = true;
    },
    nextLoad(): number {
      return ++self.latestLoad;
    },
    setTimer(timer: ReturnType<typeof setTimeout> | null) {
      if (self.timer) clearTimeout(self.timer);
      self.timer = timer;
    },
    toggle(id: string) {
      if (self.selectedIds.includes(id)) self.selectedIds.remove(id);
      else if (self.selectableIds.includes(id)) self.selectedIds.push(id);
    },
    clearSelection() {
      self.selectedIds.clear();
    },
    toggleAll() {
      self.selectedIds = cast(self.allSelected ? [] : self.selectableIds);
    },
    setFilterValues(filters: Partial<EventFilters>) {
      Object.assign(self.filters, filters);
      self.page = 0;
    },
    setQuery(query: { page?: number; size?: number }) {
      if (query.size !== undefined) self.size = query.size;
      if (query.page !== undefined) self.page = query.page;
    },
  }))
  .actions((self) => {
    async function load(): Promise<void> {
      self.setTimer(null);
      const appId = self.appId;
      if (appId === null) return;
      const ticket = self.nextLoad();
      const outcome = await track(self.loading, () => eventsApi(self).list(appId, self.plainFilters, self.page, self.size));
      if (ticket !== self.latestLoad) return;
      if (outcome.ok) self.setPage(outcome.value);
      else if (outcome.failure.status === 404) self.setNotFound();
    }
    async function loadDetail(): Promise<void> {
      const { appId } = self;
      const id = self.detail.id;
      if (appId === null || id === null) return;
      const outcome = await track(self.detail.loading, () => eventsApi(self).detail(appId, id));
      if (outcome.ok && self.detail.id === id) self.detail.set(outcome.value);
    }
    /** Loads once typing (or a burst of pushes) pauses. */
    const later = () => self.setTimer(setTimeout(() => void load(), RELOAD_DELAY_MS));
    return {
      load,
      loadDetail,
      /** Opens an application's view (afresh when it is another application) and loads its first page. */
      open(appId: string): Promise<void> {
        if (self.appId !== appId) self.reset(appId);
        return load();
      },
      /** A changed filter starts again at the first page, once typing pauses. */
      setFilters(filters: Partial<EventFilters>) {
        self.setFilterValues(filters);
        later();
      },
      resetFilters(): Promise<void> {
        self.setFilterValues(NO_FILTERS);
        return load();
      },
      goTo(offset: number): Promise<void> {
        self.setQuery({ page: Math.floor(offset / self.size) });
        return load();
      },
      setSize(size: number): Promise<void> {
        self.setQuery({ size, page: 0 });
        return load();
      },
      /** The application's events changed (a push): the page and the open details are read again. */
      changed(appId: string) {
        if (appId !== self.appId) return;
        later();
        void loadDetail();
      },
      showDetail(id: string | null): Promise<void> {
        self.detail.show(id);
        return loadDetail();
      },
      /** Acknowledges or clears the selected events; the page and the open details show the outcome. */
      async act(action: EventAction, comment: string): Promise<Outcome<number>> {
        const { appId } = self;
        const ids = self.selectedIds.slice();
        const outcome = await track(self.acting, async () =>
          appId === null ? 0 : (await eventsApi(self).act(appId, action, ids, comment)).events.length,
        );
        if (outcome.ok) {
          self.clearSelection();
          await Promise.all([load(), loadDetail()]);
        }
        return outcome;
      },
      /** events.xlsx of the filtered list, with times in the browser's time zone. */
      exportExcel(): Promise<Outcome<Blob>> {
        const { appId } = self;
        return track(self.exporting, async () =>
          appId === null ? new Blob() : eventsApi(self).export(appId, self.plainFilters, -new Date().getTimezoneOffset()),
        );
      },
      /** Forgets a load that has not started yet (the page was left). */
      cancel() {
        self.setTimer(null);
      },
    };
  });

export type EventViewStoreInstance = Instance<typeof EventViewStore>;
export { EVENT_VIEW_STORE } from './store-name';

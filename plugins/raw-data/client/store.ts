import { addDisposer, getEnv, types, type Instance } from 'mobx-state-tree';
import { RequestModel, track, type Outcome, type StoreEnv } from '@sensorium/core/client';
import type { RawDataRow } from '@sensorium/device-pipeline/common';
import { DAY_MS, historyRangeProblem, REALTIME_POLL_MS } from '../common';
import { rawDataApi, type RawDataQuery } from './api';

/** What a raw data table shows: real-time (the last day, re-polled) or a chosen range, page by page. */
export interface RawDataView {
  appId: string;
  /** Device names: the item's own (item specific) or the filter's (none: every device of the application). */
  tags: string[];
  itemSpecific: boolean;
  mode: 'realtime' | 'history';
  /** History: the range's ends (epoch ms; the end minute is included). */
  from: number;
  to: number;
  page: number;
  pageSize: number;
}

/** The search of a view: real-time is the last day, limit 100; history the chosen range, one page. */
export function rawDataQuery(view: RawDataView, now = Date.now()): RawDataQuery {
  const filter = { tags: view.tags, isItemSpecific: view.itemSpecific };
  if (view.mode === 'realtime') {
    return {
      ...filter,
      viewMode: 'realtime',
      startTime: new Date(now - DAY_MS).toISOString(),
      endTime: new Date(now).toISOString(),
      limit: 100,
      offset: 0,
    };
  }
  return {
    ...filter,
    viewMode: 'history',
    startTime: new Date(view.from).toISOString(),
    endTime: new Date(view.to + 59_999).toISOString(),
    limit: view.pageSize,
    offset: view.page * view.pageSize,
  };
}

/** Which rows a view asks for, whatever the mode and page: rows of another subject are dropped at once. */
const subjectOf = (view: RawDataView) => JSON.stringify([view.appId, view.itemSpecific, view.tags]);

/** A raw data row (node spec 3.6). The raw uplink and the processed payload are any JSON: kept frozen, only shown. */
const RawDataRowModel = types.model('RawDataRow', {
  id: types.string,
  createdAt: types.string,
  source: '',
  itemName: types.maybeNull(types.string),
  raw: types.frozen<unknown>(),
  payload: types.frozen<RawDataRow['payload']>(null),
});

/** One raw data table (node spec 2.12): Diagnosis > Raw Data History, or an item's Data History tab. */
export const RawDataTableStore = types
  .model('RawDataTable', {
    /** The application, filter and item the rows are of. */
    subject: '',
    rows: types.array(RawDataRowModel),
    total: 0,
    /** Why the chosen history range was not searched (an i18n key); no rows are shown then. */
    rangeProblem: types.maybeNull(types.string),
    loading: types.optional(RequestModel, {}),
    exporting: types.optional(RequestModel, {}),
    /** The running export: bytes received and rows the file holds (null: not said). */
    exportReceived: 0,
    exportRows: types.maybeNull(types.number),
  })
  .volatile(() => ({ timer: null as ReturnType<typeof setTimeout> | null, watching: 0 }))
  .actions((self) => ({
    afterCreate() {
      addDisposer(self, () => {
        if (self.timer) clearTimeout(self.timer);
      });
    },
    /** Forgets the rows (another subject, or another mode). */
    clear(subject = self.subject) {
      self.subject = subject;
      self.rows.clear();
      self.total = 0;
    },
    setRangeProblem(problem: string | null) {
      self.rangeProblem = problem;
    },
    setRows(watch: number, rows: RawDataRow[], total: number) {
      if (watch !== self.watching) return;
      self.rows.replace(rows);
      self.total = total;
    },
    setExportProgress(received: number, rows: number | null) {
      self.exportReceived = received;
      self.exportRows = rows;
    },
    schedule(watch: number, next: () => void) {
      if (watch === self.watching) self.timer = setTimeout(next, REALTIME_POLL_MS);
    },
    stop() {
      self.watching++;
      if (self.timer) clearTimeout(self.timer);
      self.timer = null;
    },
  }))
  .actions((self) => {
    const api = () => rawDataApi(getEnv<Pick<StoreEnv, 'http'>>(self).http);
    const load = async (watch: number, view: RawDataView): Promise<void> => {
      const outcome = await track(self.loading, () => api().search(view.appId, rawDataQuery(view)));
      if (outcome.ok) self.setRows(watch, outcome.value.rows, outcome.value.total);
      // A failed poll keeps the last rows (the table says they are stale) and the next poll tries again; a failed
      // history search shows no rows, as the old ones are not of the range asked for.
      else if (view.mode === 'history') self.setRows(watch, [], 0);
      if (view.mode === 'realtime') self.schedule(watch, () => void load(watch, view));
    };
    return {
      /**
       * Loads a view: real-time polls about every 2 s until `stop` (the returned function) or the next watch; history
       * loads once. Rows of another subject are dropped first. A history range without both ends, or with From after
       * To, is not searched: the rows go and `rangeProblem` says why.
       */
      watch(view: RawDataView): () => void {
        self.stop();
        if (subjectOf(view) !== self.subject) self.clear(subjectOf(view));
        const problem = view.mode === 'history' ? historyRangeProblem(view.from, view.to) : null;
        self.setRangeProblem(problem);
        if (problem) {
          self.clear();
          self.loading.clear();
          return () => undefined;
        }
        const watch = self.watching;
        void load(watch, view);
        return () => {
          if (watch === self.watching) self.stop();
        };
      },

      /**
       * data_history.xlsx of the view (history: the whole range), built by the server in the browser's time zone and
       * streamed: `exportReceived` and `exportRows` follow the download.
       */
      exportExcel(view: RawDataView): Promise<Outcome<Blob>> {
        const query = rawDataQuery({ ...view, page: 0 });
        self.setExportProgress(0, null);
        return track(self.exporting, () =>
          api().excel(view.appId, query, -new Date().getTimezoneOffset(), ({ received, rows }) =>
            self.setExportProgress(received, rows),
          ),
        );
      },
    };
  });

/** An application the page can show the raw data of. */
const ApplicationChoice = types.model('ApplicationChoice', { id: types.string, name: types.string });

/** The plugin's state (the plugin store `RAW_DATA_STORE`, loaded on first use): the page's table and applications, and the item tab's table. */
export const RawDataStore = types
  .model('RawData', {
    page: types.optional(RawDataTableStore, {}),
    tab: types.optional(RawDataTableStore, {}),
    applications: types.array(ApplicationChoice),
    applicationsLoading: types.optional(RequestModel, {}),
  })
  .actions((self) => ({
    setApplications(applications: { id: string; name: string }[]) {
      self.applications.replace(applications.map(({ id, name }) => ({ id, name })));
    },
  }))
  .actions((self) => ({
    /** The applications the caller may see (the server's list: tenancy is its business). */
    async loadApplications(): Promise<void> {
      const { http } = getEnv<Pick<StoreEnv, 'http'>>(self);
      const outcome = await track(self.applicationsLoading, () => rawDataApi(http).applications());
      if (outcome.ok) self.setApplications(outcome.value.appList);
    },
  }));

export { RAW_DATA_STORE } from './store-name';
export type RawDataTableStoreInstance = Instance<typeof RawDataTableStore>;

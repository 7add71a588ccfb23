import { addDisposer, getEnv, types, type Instance } from 'mobx-state-tree';
import { RequestModel, track, type Outcome, type StoreEnv } from '@sensorium/core/client';
import type { RawDataRow } from '../common';
import { pipelineApi, type RawDataQuery } from './api';
import { ChartStore } from './chart-store';
import { DAY_MS, historyRangeProblem, REALTIME_POLL_MS } from './raw-data';

/** What the Data History tab shows: real-time (the last day, re-polled) or a chosen range, page by page. */
export interface RawDataView {
  appId: string;
  itemName: string;
  mode: 'realtime' | 'history';
  /** History: the range's ends (epoch ms; the end minute is included). */
  from: number;
  to: number;
  page: number;
  pageSize: number;
}

/** The search of a view: real-time is the last day, limit 100; history the chosen range, one page. */
export function rawDataQuery(view: RawDataView, now = Date.now()): RawDataQuery {
  if (view.mode === 'realtime') {
    return {
      tags: [view.itemName],
      isItemSpecific: true,
      viewMode: 'realtime',
      startTime: new Date(now - DAY_MS).toISOString(),
      endTime: new Date(now).toISOString(),
      limit: 100,
      offset: 0,
    };
  }
  return {
    tags: [view.itemName],
    isItemSpecific: true,
    viewMode: 'history',
    startTime: new Date(view.from).toISOString(),
    endTime: new Date(view.to + 59_999).toISOString(),
    limit: view.pageSize,
    offset: view.page * view.pageSize,
  };
}

/** A raw data row (spec 3.6). The raw uplink and the processed payload are any JSON: kept frozen, only shown. */
const RawDataRowModel = types.model('RawDataRow', {
  id: types.string,
  createdAt: types.string,
  source: '',
  itemName: types.maybeNull(types.string),
  raw: types.frozen<unknown>(),
  payload: types.frozen<RawDataRow['payload']>(null),
});

/** The Data History tab of the selected item (node spec 2.2 tab 4, 2.12). */
export const RawDataStore = types
  .model('RawData', {
    /** The application and item the rows are of. */
    appId: '',
    itemName: '',
    rows: types.array(RawDataRowModel),
    total: 0,
    /** Why the chosen history range was not searched (an i18n key); no rows are shown then. */
    rangeProblem: types.maybeNull(types.string),
    loading: types.optional(RequestModel, {}),
    exporting: types.optional(RequestModel, {}),
  })
  .volatile(() => ({ timer: null as ReturnType<typeof setTimeout> | null, watching: 0 }))
  .actions((self) => ({
    afterCreate() {
      addDisposer(self, () => {
        if (self.timer) clearTimeout(self.timer);
      });
    },
    /** Forgets the rows (another item, or another mode). */
    clear(appId = self.appId, itemName = self.itemName) {
      self.appId = appId;
      self.itemName = itemName;
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
    const load = async (watch: number, view: RawDataView): Promise<void> => {
      const { http } = getEnv<Pick<StoreEnv, 'http'>>(self);
      const outcome = await track(self.loading, () => pipelineApi(http, view.appId).rawData(rawDataQuery(view)));
      if (outcome.ok) self.setRows(watch, outcome.value.rows, outcome.value.total);
      // A failed poll keeps the last rows (the tab says they are stale) and the next poll tries again; a failed history
      // search shows no rows, as the old ones are not of the range asked for.
      else if (view.mode === 'history') self.setRows(watch, [], 0);
      if (view.mode === 'realtime') self.schedule(watch, () => void load(watch, view));
    };
    return {
      /**
       * Loads a view: real-time polls about every 2 s until `stop` (the returned function) or the next watch; history
       * loads once. Rows of another item (or application) are dropped first. A history range without both ends, or
       * with From after To, is not searched: the rows go and `rangeProblem` says why.
       */
      watch(view: RawDataView): () => void {
        self.stop();
        if (view.appId !== self.appId || view.itemName !== self.itemName) self.clear(view.appId, view.itemName);
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

      /** data_history.xlsx of the view (history: the whole range), built by the server in the browser's time zone. */
      exportExcel(view: RawDataView): Promise<Outcome<Blob>> {
        const { http } = getEnv<Pick<StoreEnv, 'http'>>(self);
        const query = rawDataQuery({ ...view, page: 0 });
        return track(self.exporting, () => pipelineApi(http, view.appId).rawDataExcel(query, -new Date().getTimezoneOffset()));
      },
    };
  });

/** The device pipeline's state in the root store, as `stores.devicePipeline`. */
export const DevicePipelineStore = types.model('DevicePipeline', {
  rawData: types.optional(RawDataStore, {}),
  chart: types.optional(ChartStore, {}),
});

export type DevicePipelineStoreInstance = Instance<typeof DevicePipelineStore>;
export type RawDataStoreInstance = Instance<typeof RawDataStore>;

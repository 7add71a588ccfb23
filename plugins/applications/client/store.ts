import { flow, getEnv, types, type Instance } from 'mobx-state-tree';
import type { StoreEnv } from '@sensorium/core/client';
import {
  summariseEvents,
  type ApplicationListResponse,
  type ApplicationSummary,
  type EndCustomer,
  type EventSummaryRow,
} from '../common';

/** The caller's applications (shared by the list page and the header switcher) and the alarm bell's event summary. */
export const ApplicationsStore = types
  .model('ApplicationsStore', {
    state: types.optional(types.enumeration(['idle', 'loading', 'ready', 'failed']), 'idle'),
    appList: types.frozen<ApplicationSummary[]>([]),
    endCustomerWithoutApps: types.frozen<EndCustomer[]>([]),
    summary: types.frozen<EventSummaryRow[]>([]),
    /** A failed summary still shows the applications, without their events (spec §8). */
    summaryFailed: false,
  })
  .views((self) => ({
    eventsOf(appId: string): { count: number; severity: number } {
      return summariseEvents(self.summary, appId);
    },
    find(appId: string | null): ApplicationSummary | undefined {
      return appId === null ? undefined : self.appList.find((app) => app.id === appId);
    },
    get customerCount(): number {
      return new Set([...self.appList.map((app) => app.endCustomerId), ...self.endCustomerWithoutApps.map((c) => c.id)]).size;
    },
  }))
  .actions((self) => {
    const http = () => getEnv<StoreEnv>(self).http;
    const loadSummary = flow(function* () {
      try {
        self.summary = yield http().get('system-events-api/system-events/summary/').json<EventSummaryRow[]>();
        self.summaryFailed = false;
      } catch {
        self.summaryFailed = true;
      }
    });
    const load = flow(function* () {
      self.state = 'loading';
      try {
        const response: ApplicationListResponse = yield http().get('application/').json<ApplicationListResponse>();
        self.appList = response.appList;
        self.endCustomerWithoutApps = response.endCustomerWithoutApps;
        self.state = 'ready';
      } catch {
        // The HTTP client has already logged it; the list shows its failed state (spec §8: a failed load yields nothing).
        self.state = 'failed';
        return;
      }
      yield loadSummary();
    });
    return {
      load,
      loadSummary,
      /** Loads once per session; later callers reuse the list. */
      ensureLoaded() {
        if (self.state === 'idle') void load();
      },
    };
  });

export type ApplicationsStoreInstance = Instance<typeof ApplicationsStore>;

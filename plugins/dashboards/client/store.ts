import { getEnv, types, type Instance } from 'mobx-state-tree';
import { RequestModel, track, type StoreEnv } from '@sensorium/core/client';
import type { DashboardsItem } from '../common';

/** One item, typed field by field as the API answers it. */
export const DashboardsItemModel = types.model('DashboardsItem', {
  id: types.identifier,
  name: types.string,
  /** ISO date and time. */
  createdAt: types.string,
});

/** The page's state, kept in the console's root store as `stores.dashboards` (client/index.ts adds it). */
export const DashboardsStore = types
  .model('DashboardsStore', {
    items: types.array(DashboardsItemModel),
    /** The list's loading state: pending while it loads, the server's message when it failed. */
    loading: types.optional(RequestModel, {}),
  })
  .actions((self) => ({
    setItems(items: DashboardsItem[]) {
      self.items.replace(items);
    },
    append(item: DashboardsItem) {
      self.items.push(item);
    },
  }))
  .actions((self) => {
    // The console's HTTP client: it adds the session token, the language, and refreshes an expired session.
    const http = () => getEnv<Pick<StoreEnv, 'http'>>(self).http;
    return {
      /** Loads the list; a failure is kept in `loading.failure` for the page to show. */
      async load(): Promise<void> {
        const outcome = await track(self.loading, () => http().get('dashboards/items').json<DashboardsItem[]>());
        if (outcome.ok) self.setItems(outcome.value);
      },
      /** Adds an item on the server; a refusal (such as a 400 for a bad name) is thrown to the caller. */
      async add(name: string): Promise<DashboardsItem> {
        const item = await http().post('dashboards/items', { json: { name } }).json<DashboardsItem>();
        self.append(item);
        return item;
      },
    };
  });

export type DashboardsStoreInstance = Instance<typeof DashboardsStore>;

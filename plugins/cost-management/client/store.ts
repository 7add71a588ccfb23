import { getEnv, types, type Instance } from 'mobx-state-tree';
import { RequestModel, track, type StoreEnv } from '@sensorium/core/client';
import type { CostManagementItem } from '../common';

/** One item, typed field by field as the API answers it. */
export const CostManagementItemModel = types.model('CostManagementItem', {
  id: types.identifier,
  name: types.string,
  /** ISO date and time. */
  createdAt: types.string,
});

/** The page's state, kept in the console's root store as `stores.costManagement` (client/index.ts adds it). */
export const CostManagementStore = types
  .model('CostManagementStore', {
    items: types.array(CostManagementItemModel),
    /** The list's loading state: pending while it loads, the server's message when it failed. */
    loading: types.optional(RequestModel, {}),
  })
  .actions((self) => ({
    setItems(items: CostManagementItem[]) {
      self.items.replace(items);
    },
    append(item: CostManagementItem) {
      self.items.push(item);
    },
  }))
  .actions((self) => {
    // The console's HTTP client: it adds the session token, the language, and refreshes an expired session.
    const http = () => getEnv<Pick<StoreEnv, 'http'>>(self).http;
    return {
      /** Loads the list; a failure is kept in `loading.failure` for the page to show. */
      async load(): Promise<void> {
        const outcome = await track(self.loading, () => http().get('cost-management/items').json<CostManagementItem[]>());
        if (outcome.ok) self.setItems(outcome.value);
      },
      /** Adds an item on the server; a refusal (such as a 400 for a bad name) is thrown to the caller. */
      async add(name: string): Promise<CostManagementItem> {
        const item = await http().post('cost-management/items', { json: { name } }).json<CostManagementItem>();
        self.append(item);
        return item;
      },
    };
  });

export type CostManagementStoreInstance = Instance<typeof CostManagementStore>;

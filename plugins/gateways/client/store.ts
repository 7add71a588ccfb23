import { getEnv, types, type Instance } from 'mobx-state-tree';
import { RequestModel, track, type StoreEnv } from '@sensorium/core/client';
import type { GatewaysItem } from '../common';

/** One item, typed field by field as the API answers it. */
export const GatewaysItemModel = types.model('GatewaysItem', {
  id: types.identifier,
  name: types.string,
  /** ISO date and time. */
  createdAt: types.string,
});

/** The page's state, kept in the console's root store as `stores.gateways` (client/index.ts adds it). */
export const GatewaysStore = types
  .model('GatewaysStore', {
    items: types.array(GatewaysItemModel),
    /** The list's loading state: pending while it loads, the server's message when it failed. */
    loading: types.optional(RequestModel, {}),
  })
  .actions((self) => ({
    setItems(items: GatewaysItem[]) {
      self.items.replace(items);
    },
    append(item: GatewaysItem) {
      self.items.push(item);
    },
  }))
  .actions((self) => {
    // The console's HTTP client: it adds the session token, the language, and refreshes an expired session.
    const http = () => getEnv<Pick<StoreEnv, 'http'>>(self).http;
    return {
      /** Loads the list; a failure is kept in `loading.failure` for the page to show. */
      async load(): Promise<void> {
        const outcome = await track(self.loading, () => http().get('gateways/items').json<GatewaysItem[]>());
        if (outcome.ok) self.setItems(outcome.value);
      },
      /** Adds an item on the server; a refusal (such as a 400 for a bad name) is thrown to the caller. */
      async add(name: string): Promise<GatewaysItem> {
        const item = await http().post('gateways/items', { json: { name } }).json<GatewaysItem>();
        self.append(item);
        return item;
      },
    };
  });

export type GatewaysStoreInstance = Instance<typeof GatewaysStore>;

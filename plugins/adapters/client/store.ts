import { getEnv, types, type Instance } from 'mobx-state-tree';
import { RequestModel, track, type StoreEnv } from '@sensorium/core/client';
import type { AdaptersItem } from '../common';

/** One item, typed field by field as the API answers it. */
export const AdaptersItemModel = types.model('AdaptersItem', {
  id: types.identifier,
  name: types.string,
  /** ISO date and time. */
  createdAt: types.string,
});

/** The page's state, kept in the console's root store as `stores.adapters` (client/index.ts adds it). */
export const AdaptersStore = types
  .model('AdaptersStore', {
    items: types.array(AdaptersItemModel),
    /** The list's loading state: pending while it loads, the server's message when it failed. */
    loading: types.optional(RequestModel, {}),
  })
  .actions((self) => ({
    setItems(items: AdaptersItem[]) {
      self.items.replace(items);
    },
    append(item: AdaptersItem) {
      self.items.push(item);
    },
  }))
  .actions((self) => {
    // The console's HTTP client: it adds the session token, the language, and refreshes an expired session.
    const http = () => getEnv<Pick<StoreEnv, 'http'>>(self).http;
    return {
      /** Loads the list; a failure is kept in `loading.failure` for the page to show. */
      async load(): Promise<void> {
        const outcome = await track(self.loading, () => http().get('adapters/items').json<AdaptersItem[]>());
        if (outcome.ok) self.setItems(outcome.value);
      },
      /** Adds an item on the server; a refusal (such as a 400 for a bad name) is thrown to the caller. */
      async add(name: string): Promise<AdaptersItem> {
        const item = await http().post('adapters/items', { json: { name } }).json<AdaptersItem>();
        self.append(item);
        return item;
      },
    };
  });

export type AdaptersStoreInstance = Instance<typeof AdaptersStore>;

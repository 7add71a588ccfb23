{{#server}}
import { getEnv, types, type Instance } from 'mobx-state-tree';
import { RequestModel, track, type StoreEnv } from '@sensorium/core/client';
{{/server}}
{{^server}}
import { types, type Instance } from 'mobx-state-tree';
{{/server}}
import type { {{Name}}Item } from '../common';

/** One item, typed field by field as the API answers it. */
export const {{Name}}ItemModel = types.model('{{Name}}Item', {
  id: types.identifier,
  name: types.string,
  /** ISO date and time. */
  createdAt: types.string,
});

/** The page's state, kept in the console's root store as `stores.{{camelName}}` (client/index.ts adds it). */
export const {{Name}}Store = types
  .model('{{Name}}Store', {
    items: types.array({{Name}}ItemModel),
{{#server}}
    /** The list's loading state: pending while it loads, the server's message when it failed. */
    loading: types.optional(RequestModel, {}),
{{/server}}
  })
{{#server}}
  .actions((self) => ({
    setItems(items: {{Name}}Item[]) {
      self.items.replace(items);
    },
    append(item: {{Name}}Item) {
      self.items.push(item);
    },
  }))
  .actions((self) => {
    // The console's HTTP client: it adds the session token, the language, and refreshes an expired session.
    const http = () => getEnv<Pick<StoreEnv, 'http'>>(self).http;
    return {
      /** Loads the list; a failure is kept in `loading.failure` for the page to show. */
      async load(): Promise<void> {
        const outcome = await track(self.loading, () => http().get('{{id}}/items').json<{{Name}}Item[]>());
        if (outcome.ok) self.setItems(outcome.value);
      },
      /** Adds an item on the server; a refusal (such as a 400 for a bad name) is thrown to the caller. */
      async add(name: string): Promise<{{Name}}Item> {
        const item = await http().post('{{id}}/items', { json: { name } }).json<{{Name}}Item>();
        self.append(item);
        return item;
      },
    };
  });
{{/server}}
{{^server}}
  .actions((self) => ({
    /** Items live in the browser only; this plugin has no server part. */
    add(name: string): {{Name}}Item {
      const item = { id: String(self.items.length + 1), name, createdAt: new Date().toISOString() };
      self.items.push(item);
      return item;
    },
  }));
{{/server}}

export type {{Name}}StoreInstance = Instance<typeof {{Name}}Store>;

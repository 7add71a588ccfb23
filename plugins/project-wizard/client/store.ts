import { getEnv, types, type Instance } from 'mobx-state-tree';
import { RequestModel, track, type StoreEnv } from '@sensorium/core/client';
import type { ProjectWizardItem } from '../common';

/** One item, typed field by field as the API answers it. */
export const ProjectWizardItemModel = types.model('ProjectWizardItem', {
  id: types.identifier,
  name: types.string,
  /** ISO date and time. */
  createdAt: types.string,
});

/** The page's state, kept in the console's root store as `stores.projectWizard` (client/index.ts adds it). */
export const ProjectWizardStore = types
  .model('ProjectWizardStore', {
    items: types.array(ProjectWizardItemModel),
    /** The list's loading state: pending while it loads, the server's message when it failed. */
    loading: types.optional(RequestModel, {}),
  })
  .actions((self) => ({
    setItems(items: ProjectWizardItem[]) {
      self.items.replace(items);
    },
    append(item: ProjectWizardItem) {
      self.items.push(item);
    },
  }))
  .actions((self) => {
    // The console's HTTP client: it adds the session token, the language, and refreshes an expired session.
    const http = () => getEnv<Pick<StoreEnv, 'http'>>(self).http;
    return {
      /** Loads the list; a failure is kept in `loading.failure` for the page to show. */
      async load(): Promise<void> {
        const outcome = await track(self.loading, () => http().get('project-wizard/items').json<ProjectWizardItem[]>());
        if (outcome.ok) self.setItems(outcome.value);
      },
      /** Adds an item on the server; a refusal (such as a 400 for a bad name) is thrown to the caller. */
      async add(name: string): Promise<ProjectWizardItem> {
        const item = await http().post('project-wizard/items', { json: { name } }).json<ProjectWizardItem>();
        self.append(item);
        return item;
      },
    };
  });

export type ProjectWizardStoreInstance = Instance<typeof ProjectWizardStore>;

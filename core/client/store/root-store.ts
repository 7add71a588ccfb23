import { reaction } from 'mobx';
import { addDisposer, types, type Instance } from 'mobx-state-tree';
import { storedLanguage } from '../i18n';
import type { StoreEnv } from './env';
import type { PluginStores } from './plugin-stores';
import { SessionModel } from './session-store';
import { SIDEBAR_MINIFIED_KEY, UiModel } from './ui-store';

/** The root store: core's `session` and `ui`. The plugins' stores are PluginStores', created when a page needs one. */
const RootStoreModel = types.model('Root', {
  session: types.optional(SessionModel, {}),
  ui: types.optional(UiModel, {}),
});

export type RootStore = Instance<typeof RootStoreModel>;

/** Creates the root store. The plugin stores are reset whenever the user changes, so no one sees the previous user's data. */
export function createRootStore(env: StoreEnv, pluginStores?: PluginStores): RootStore {
  const store = RootStoreModel.create(
    {
      ui: {
        language: storedLanguage(env.preferences),
        sidebarMinified: env.preferences.getItem(SIDEBAR_MINIFIED_KEY) === 'true',
      },
    },
    env,
  );
  if (pluginStores)
    addDisposer(
      store,
      reaction(
        () => store.session.user?.id ?? null,
        () => pluginStores.reset(),
      ),
    );
  return store;
}

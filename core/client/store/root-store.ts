import { reaction } from 'mobx';
import { addDisposer, applySnapshot, types, type IAnyModelType, type IAnyType, type Instance } from 'mobx-state-tree';
import { storedLanguage } from '../i18n';
import type { StoreEnv } from './env';
import { SessionModel } from './session-store';
import { SIDEBAR_MINIFIED_KEY, UiModel } from './ui-store';

/**
 * The root store: core's `session` and `ui`, and each plugin's store under `stores.<name>` (added with addStore).
 * A plugin's model must be creatable from an empty snapshot (give every property a default).
 */
export function createRootStoreModel(pluginStores: Readonly<Record<string, IAnyModelType>>) {
  const properties: Record<string, IAnyType> = {};
  for (const [name, model] of Object.entries(pluginStores)) properties[name] = types.optional(model, {});
  return types.model('Root', {
    session: types.optional(SessionModel, {}),
    ui: types.optional(UiModel, {}),
    stores: types.optional(types.model('PluginStores', properties), {}),
  });
}

export type RootStore = Instance<ReturnType<typeof createRootStoreModel>>;

/** Creates the root store. Plugin stores are reset whenever the user changes, so no one sees the previous user's data. */
export function createRootStore(pluginStores: Readonly<Record<string, IAnyModelType>>, env: StoreEnv): RootStore {
  const store = createRootStoreModel(pluginStores).create(
    {
      ui: {
        language: storedLanguage(env.preferences),
        sidebarMinified: env.preferences.getItem(SIDEBAR_MINIFIED_KEY) === 'true',
      },
    },
    env,
  );
  addDisposer(
    store,
    reaction(
      () => store.session.user?.id ?? null,
      () => applySnapshot(store.stores, {}),
    ),
  );
  return store;
}

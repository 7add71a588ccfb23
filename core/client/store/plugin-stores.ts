import { applySnapshot, type IAnyModelType, type Instance } from 'mobx-state-tree';
import type { StoreEnv } from './env';

/** Loads the model of a plugin's store (the module defining it, in a chunk of its own). */
export type StoreModelLoader = () => Promise<IAnyModelType>;

/**
 * The plugins' MST stores (added with addStore), each created from an empty snapshot the first time a page asks for
 * it (usePluginStore): the console's first page, the login page, carries only the stores it uses, not every plugin's.
 * A plugin's model must be creatable from an empty snapshot (give every property a default).
 */
export class PluginStores {
  private readonly created = new Map<string, Instance<IAnyModelType>>();
  private readonly loading = new Map<string, Promise<Instance<IAnyModelType>>>();

  constructor(
    private readonly loaders: Readonly<Record<string, StoreModelLoader>>,
    private readonly env: StoreEnv,
  ) {}

  /** The store, if a page asked for it before. */
  get(name: string): Instance<IAnyModelType> | undefined {
    return this.created.get(name);
  }

  /** The store, loading its model the first time; the same promise for every caller (React's `use` needs that). */
  load(name: string): Promise<Instance<IAnyModelType>> {
    let pending = this.loading.get(name);
    if (!pending) {
      const loader = this.loaders[name];
      if (!loader) throw new Error(`No plugin added a store named "${name}"`);
      pending = loader().then((model) => {
        const store = model.create({}, this.env);
        this.created.set(name, store);
        return store;
      });
      this.loading.set(name, pending);
    }
    return pending;
  }

  /** Every created store back to its empty snapshot: when the user changes, so no one sees the previous user's data. */
  reset(): void {
    for (const store of this.created.values()) applySnapshot(store, {});
  }
}

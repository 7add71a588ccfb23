// tsyringe throws at import time without the Reflect metadata API. Importing the polyfill here, beside tsyringe,
// keeps it first even when the bundler moves this module into a chunk that loads before the entry's own code.
import 'reflect-metadata';
import { container as globalContainer, type DependencyContainer } from 'tsyringe';
import {
  ExtensionRegistry,
  PluginWiringError,
  assertProvided,
  hasLicence,
  isGateOpen,
  orderPlugins,
  resolveFor,
  type ExtensionPoint,
  type GateContext,
  type SystemInfo,
} from '@sensorium/core/common';
import type { TextSource } from './i18n';
import type { ClientPlugin, ClientPluginContext } from './plugin';
import type { StoreModelLoader } from './store/plugin-stores';

/** Everything the enabled client plugins registered, ready for the shell to render. */
export interface ClientRuntime {
  /** Enabled plugins in dependency order. */
  readonly plugins: readonly ClientPlugin[];
  /** Plugins left out, with the reason (licence off, or a dependency left out). */
  readonly skipped: readonly { id: string; reason: string }[];
  readonly registry: ExtensionRegistry;
  /** The console's DI container; each plugin registered through a child of it. */
  readonly container: DependencyContainer;
  /** What loads each plugin store's model, by store name (PluginStores creates a store when a page first asks). */
  readonly storeLoaders: Readonly<Record<string, StoreModelLoader>>;
  /** Every enabled plugin's texts, in plugin order (later ones win on the same key). */
  readonly texts: readonly TextSource[];
}

/**
 * Registers the client parts of the plugins (spec: plugin architecture): validates and orders the manifests,
 * leaves out plugins whose licence is off (and plugins depending on them), gives each plugin a child DI
 * container, and collects contributions, store models and texts.
 */
export function registerClientPlugins(
  plugins: readonly ClientPlugin[],
  systemInfo: Pick<SystemInfo, 'licences'>,
  parent: DependencyContainer = globalContainer,
): ClientRuntime {
  const registry = new ExtensionRegistry();
  const container = parent.createChildContainer();
  const storeLoaders: Record<string, StoreModelLoader> = {};
  const enabled: ClientPlugin[] = [];
  const skipped: { id: string; reason: string }[] = [];
  const skippedIds = new Set<string>();

  for (const plugin of orderPlugins(plugins)) {
    const { id, licence, dependsOn = [] } = plugin.manifest;
    const missing = dependsOn.find((dependency) => skippedIds.has(dependency));
    const reason = !hasLicence(systemInfo.licences, licence)
      ? `licence "${licence}" is off`
      : missing
        ? `it depends on "${missing}", which is left out`
        : null;
    if (reason) {
      skipped.push({ id, reason });
      skippedIds.add(id);
      continue;
    }

    const pluginContainer = container.createChildContainer();
    assertProvided(pluginContainer, id, plugin.manifest.requires);
    const context: ClientPluginContext = {
      pluginId: id,
      contribute: (point, value, gate) => registry.contribute(point, id, value, gate),
      // Services go to the console's container so that dependants and the pages can resolve them.
      provide: (token, value) => {
        container.register(token, { useValue: value });
      },
      resolve: (token) => resolveFor(pluginContainer, id, token),
      addStore: (name, load, exportName) => {
        if (storeLoaders[name])
          throw new PluginWiringError(`Plugin "${id}" adds store "${name}", which another plugin already added`, id);
        storeLoaders[name] = async () => (await load())[exportName];
      },
    };
    plugin.register(context);
    enabled.push(plugin);
  }

  const texts = enabled.flatMap((plugin) => (plugin.i18n ? [plugin.i18n] : []));
  return { plugins: enabled, skipped, registry, container, storeLoaders, texts };
}

/**
 * The contributions a user may see: licence off hides, and a permission in the gate hides too.
 * (Contributions that are shown disabled without a permission carry it in their own value instead.)
 */
export function visibleContributions<T>(registry: ExtensionRegistry, point: ExtensionPoint<T>, context: GateContext): T[] {
  return registry
    .list(point)
    .filter((contribution) => isGateOpen(contribution.gate, context))
    .map((contribution) => contribution.value);
}

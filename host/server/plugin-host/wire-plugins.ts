import type { DependencyContainer } from 'tsyringe';
import {
  assertProvided,
  ExtensionRegistry,
  isLicensed,
  PluginWiringError,
  resolveFor,
  tokenName,
  type ExtensionPoint,
  type LicenceSet,
  type Token,
  type TranslationResources,
} from '../../../core/common';
import type { JobDefinition, ServerPlugin, ServerPluginContext } from '../../../core/server';
import type { RouteTable } from './route-table';

export interface OwnedJob {
  pluginId: string;
  job: JobDefinition;
}

export interface WiredPlugins {
  registry: ExtensionRegistry;
  jobs: OwnedJob[];
  i18n: TranslationResources[];
}

export interface WiringOptions {
  /** Holds core's services; each plugin gets a child of it. */
  root: DependencyContainer;
  /** Tokens core registered on the root, which no plugin may provide again. */
  coreTokens: readonly Token<unknown>[];
  licences: LicenceSet;
  routes: RouteTable;
  /** Receives the plugins' onClose hooks in registration order (also of plugins registered before a failure); run them reversed. */
  closeHooks: (() => Promise<void> | void)[];
}

/** Lets licence-gated contributions count only while their licence is on (server points have no user to check). */
export function licensedValues<T>(registry: ExtensionRegistry, licences: LicenceSet, point: ExtensionPoint<T>): T[] {
  return registry
    .list(point)
    .filter((contribution) => isLicensed(contribution.gate, licences))
    .map((contribution) => contribution.value);
}

/**
 * Registers the running plugins in order, each with a child container of the root.
 * What a plugin provides goes on the root, so plugins registered after it resolve it; two providers of one token are refused.
 * Any failure becomes a PluginWiringError naming the plugin (and the token, where one is involved).
 */
export async function wirePlugins(plugins: readonly ServerPlugin[], options: WiringOptions): Promise<WiredPlugins> {
  const { root, licences, routes, closeHooks } = options;
  const registry = new ExtensionRegistry();
  const jobs: OwnedJob[] = [];
  const i18n: TranslationResources[] = [];
  const providers = new Map<symbol, string>(options.coreTokens.map((token) => [token, 'core']));

  for (const plugin of plugins) {
    const pluginId = plugin.manifest.id;
    const container = root.createChildContainer();
    assertProvided(container, pluginId, plugin.manifest.requires);
    const context: ServerPluginContext = {
      pluginId,
      container,
      resolve: (token) => resolveFor(container, pluginId, token),
      provide(token, value) {
        const owner = providers.get(token);
        if (owner) {
          throw new PluginWiringError(
            `Plugins "${owner}" and "${pluginId}" both provide "${tokenName(token)}"; only one provider per token is allowed`,
            pluginId,
          );
        }
        providers.set(token, pluginId);
        root.register(token, { useValue: value });
      },
      addRoute: (route) => routes.add({ pluginId, route }),
      addJob(job) {
        const owner = jobs.find((owned) => owned.job.id === job.id);
        if (owner) {
          throw new PluginWiringError(`Plugins "${owner.pluginId}" and "${pluginId}" both add job "${job.id}"`, pluginId);
        }
        jobs.push({ pluginId, job });
      },
      contribute: (point, value, gate) => registry.contribute(point, pluginId, value, gate),
      contributions: (point) => licensedValues(registry, licences, point),
      onClose: (hook) => closeHooks.push(hook),
    };
    try {
      await plugin.register(context);
    } catch (error) {
      if (error instanceof PluginWiringError) throw error;
      const message = `Plugin "${pluginId}" failed to register: ${(error as Error).message}`;
      throw Object.assign(new PluginWiringError(message, pluginId), { cause: error });
    }
    if (plugin.i18n) i18n.push(plugin.i18n);
  }
  return { registry, jobs, i18n };
}

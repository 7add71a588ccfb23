import type { DependencyContainer } from 'tsyringe';
import {
  ExtensionRegistry,
  isLicensed,
  PluginWiringError,
  tokenName,
  type ExtensionPoint,
  type LicenceSet,
  type Token,
  type TranslationResources,
} from '@sensorium/core/common';
import {
  FileStoreToken,
  loadPluginConfig,
  LoggerToken,
  type JobDefinition,
  type ServerPlugin,
  type ServerPluginContext,
} from '@sensorium/core/server';
import type { RouteTable } from './route-table';
import { checkDeclaredServices } from './declared-services';
import { scopedFileStore, scopedLogger } from './scoped-services';

export interface OwnedJob {
  pluginId: string;
  job: JobDefinition;
}

export interface WiredPlugins {
  registry: ExtensionRegistry;
  jobs: OwnedJob[];
  i18n: TranslationResources[];
  /** Every service a plugin provided, by token: the host reads the ones core declared (the data-source sink). */
  provided: ReadonlyMap<symbol, unknown>;
  /** Each plugin's validated configuration, by plugin id (tests adjust it at run time). */
  configs: ReadonlyMap<string, object>;
}

export interface WiringOptions {
  /** Holds core's services; plugins receive the ones they list in `deps`. */
  root: DependencyContainer;
  /** Tokens core registered on the root, which no plugin may provide again. */
  coreTokens: readonly Token<unknown>[];
  licences: LicenceSet;
  routes: RouteTable;
  /** Receives the plugins' onClose hooks in registration order (also of plugins registered before a failure); run them reversed. */
  closeHooks: (() => Promise<void> | void)[];
  /** Receives the plugins' onDrain hooks. */
  drainHooks: (() => void)[];
  /** Where plugin configuration classes read their variables; the process environment by default. */
  env?: Record<string, string | undefined>;
}

/** Lets licence-gated contributions count only while their licence is on (server points have no user to check). */
export function licensedValues<T>(registry: ExtensionRegistry, licences: LicenceSet, point: ExtensionPoint<T>): T[] {
  return registry
    .list(point)
    .filter((contribution) => isLicensed(contribution.gate, licences))
    .map((contribution) => contribution.value);
}

/**
 * Registers the running plugins in dependency order. Each receives exactly the services it lists in `deps`: core's
 * (its logger and file store scoped to it) and those provided by plugins it depends on (checkDeclaredServices). It may
 * provide only the tokens it lists in `provides`. A missing, undeclared or doubly provided service, a bad configuration
 * value and any failure while registering become a PluginWiringError naming the plugin (and the token or variable).
 */
export async function wirePlugins(plugins: readonly ServerPlugin[], options: WiringOptions): Promise<WiredPlugins> {
  const { root, licences, routes, closeHooks, drainHooks } = options;
  const registry = new ExtensionRegistry();
  const jobs: OwnedJob[] = [];
  const i18n: TranslationResources[] = [];
  const configs = new Map<string, object>();
  const coreTokens = new Set<symbol>(options.coreTokens);
  // Declarations first: a missing or undeclared service stops the start before any plugin runs.
  const [problem] = checkDeclaredServices(plugins, options.coreTokens).problems;
  if (problem) throw new PluginWiringError(problem.message, problem.pluginId);
  /** What each plugin provided: token → { owner, value }. */
  const provided = new Map<symbol, { owner: string; value: unknown }>();

  for (const plugin of plugins) {
    const pluginId = plugin.manifest.id;
    const fail = (message: string): never => {
      throw new PluginWiringError(`Plugin "${pluginId}" ${message}`, pluginId);
    };
    const resolveDep = (token: Token<unknown>): unknown => {
      if (coreTokens.has(token)) {
        const value = root.resolve(token);
        if (token === LoggerToken) return scopedLogger(value as never, pluginId);
        if (token === FileStoreToken) return scopedFileStore(value as never, pluginId);
        return value;
      }
      // Declared and provided by a dependency, which registered first (checked above).
      return provided.get(token)?.value;
    };
    const declaredProvides = new Set<symbol>(plugin.provides ?? []);

    try {
      const deps = Object.fromEntries(Object.entries(plugin.deps ?? {}).map(([name, token]) => [name, resolveDep(token)]));
      const config = plugin.config ? loadPluginConfig(pluginId, plugin.config, options.env ?? process.env) : {};
      configs.set(pluginId, config);
      const context: ServerPluginContext = {
        pluginId,
        config,
        provide(token, value) {
          if (!declaredProvides.has(token)) fail(`provides "${tokenName(token)}" without listing it in provides`);
          provided.set(token, { owner: pluginId, value });
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
        onDrain: (hook) => drainHooks.push(hook),
      };
      await plugin.register(context, deps as never);
    } catch (error) {
      if (error instanceof PluginWiringError) throw error;
      const message = `Plugin "${pluginId}" failed to register: ${(error as Error).message}`;
      throw Object.assign(new PluginWiringError(message, pluginId), { cause: error });
    }
    for (const token of declaredProvides) {
      if (provided.get(token)?.owner !== pluginId) fail(`lists "${tokenName(token)}" in provides but never provided it`);
    }
    if (plugin.i18n) i18n.push(plugin.i18n);
  }
  return {
    registry,
    jobs,
    i18n,
    configs,
    provided: new Map([...provided].map(([token, entry]) => [token, entry.value])),
  };
}

import type { ExtensionPoint, Gate, PluginManifest, Token, TranslationResources } from '@sensorium/core/common';
import type { Migration } from './database';
import type { JobDefinition } from './jobs';
import type { AnyRouteDefinition } from './routes';

/** The services a plugin needs, by the name it wants them under: `{ db: DatabaseToken, access: ApplicationAccessToken }`. */
export type ServiceDeps = Readonly<Record<string, Token<unknown>>>;

/** The services of a ServiceDeps, resolved: `{ db: Database, access: ApplicationAccess }`. */
export type ResolvedDeps<D extends ServiceDeps> = { [K in keyof D]: D[K] extends Token<infer T> ? T : never };

/** What a plugin's server part receives while it registers, besides its declared services. */
export interface ServerPluginContext<Config extends object = object> {
  readonly pluginId: string;
  /** The plugin's own settings, read from the environment and validated at start-up (the `config` class). */
  readonly config: Config;
  /** Makes a service available to plugins that depend on this one; the token must be listed in `provides`. */
  provide<T>(token: Token<T>, value: T): void;
  addRoute(route: AnyRouteDefinition): void;
  addJob(job: JobDefinition): void;
  contribute<T>(point: ExtensionPoint<T>, value: T, gate?: Gate): void;
  /** Contributions of every plugin registered so far (dependencies register first). */
  contributions<T>(point: ExtensionPoint<T>): T[];
  /** Called on graceful shutdown, in reverse registration order. */
  onClose(hook: () => Promise<void> | void): void;
  /**
   * Called when a graceful shutdown starts draining, before HTTP closes: long-lived answers (event streams) end here,
   * for HTTP waits for every open answer before onClose hooks run.
   */
  onDrain(hook: () => void): void;
}

/**
 * A plugin's server part (in the style of Backstage's `registerInit({ deps })`): it declares the services it needs and
 * provides, and receives exactly those. The host resolves `deps` from core and from the plugins in `manifest.dependsOn`
 * only; a missing or undeclared service stops start-up with an error naming the plugin and the token.
 */
export interface ServerPlugin<D extends ServiceDeps = ServiceDeps, Config extends object = object> {
  manifest: PluginManifest;
  migrations?: Migration[];
  /** Server-side texts (error messages) in en, hk and cn. */
  i18n?: TranslationResources;
  /** Services this plugin needs: core's (plugin-scoped where that matters: logger, files) or its dependencies'. */
  deps?: D;
  /** Tokens this plugin provides to the plugins that depend on it (and no other). */
  provides?: readonly Token<unknown>[];
  /** The plugin's configuration: a class whose properties carry @FromEnv and class-validator decorators. */
  config?: new () => Config;
  register(context: ServerPluginContext<Config>, deps: ResolvedDeps<D>): Promise<void> | void;
}

/** Lets TypeScript infer the deps and config types from the object literal. */
export function defineServerPlugin<D extends ServiceDeps = Record<never, never>, Config extends object = object>(
  plugin: ServerPlugin<D, Config>,
): ServerPlugin {
  return plugin as unknown as ServerPlugin;
}

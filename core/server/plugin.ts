import type { DependencyContainer } from 'tsyringe';
import type { ExtensionPoint, Gate, PluginManifest, Token, TranslationResources } from '../common';
import type { Migration } from './database';
import type { JobDefinition } from './jobs';
import type { AnyRouteDefinition } from './routes';

/** What a plugin's server part receives while it registers. */
export interface ServerPluginContext {
  readonly pluginId: string;
  /** The plugin's own child container; core services and dependencies' providers resolve through it. */
  readonly container: DependencyContainer;
  resolve<T>(token: Token<T>): T;
  /** Makes a service available to this plugin and to plugins that depend on it. */
  provide<T>(token: Token<T>, value: T): void;
  addRoute(route: AnyRouteDefinition): void;
  addJob(job: JobDefinition): void;
  contribute<T>(point: ExtensionPoint<T>, value: T, gate?: Gate): void;
  /** Contributions of every plugin registered so far (dependencies register first). */
  contributions<T>(point: ExtensionPoint<T>): T[];
  /** Called on graceful shutdown, in reverse registration order. */
  onClose(hook: () => Promise<void> | void): void;
}

export interface ServerPlugin {
  manifest: PluginManifest;
  migrations?: Migration[];
  /** Server-side texts (error messages) in en, hk and cn. */
  i18n?: TranslationResources;
  register(context: ServerPluginContext): Promise<void> | void;
}

export function defineServerPlugin(plugin: ServerPlugin): ServerPlugin {
  return plugin;
}

import type { IAnyModelType } from 'mobx-state-tree';
import type { ExtensionPoint, Gate, PluginManifest, Token } from '@sensorium/core/common';
import type { TextSource } from './i18n';

/** What a plugin's client part receives while it registers. */
export interface ClientPluginContext {
  readonly pluginId: string;
  contribute<T>(point: ExtensionPoint<T>, value: T, gate?: Gate): void;
  provide<T>(token: Token<T>, value: T): void;
  /** Resolves a service provided by this plugin or one registered before it (a dependency); fails naming plugin and token. */
  resolve<T>(token: Token<T>): T;
  /**
   * Adds the plugin's MST store, exported by name from a module that loads the first time a page asks for the store
   * (usePluginStore), in a chunk of its own: `context.addStore('nodes', () => import('./store/nodes-store'), 'NodesStore')`.
   */
  addStore<M extends Record<K, IAnyModelType>, K extends keyof M>(name: string, load: () => Promise<M>, exportName: K): void;
}

export interface ClientPlugin {
  manifest: PluginManifest;
  /**
   * Browser texts in en, hk and cn, merged into the one i18next namespace; prefix keys with the plugin id. Prefer
   * `jsonTexts(...)`: only the chosen language is downloaded. Texts given in every language are bundled with the plugin.
   */
  i18n?: TextSource;
  register(context: ClientPluginContext): void;
}

export function defineClientPlugin(plugin: ClientPlugin): ClientPlugin {
  return plugin;
}

import type { IAnyModelType } from 'mobx-state-tree';
import type { ExtensionPoint, Gate, PluginManifest, Token, TranslationResources } from '@sensorium/core/common';

/** What a plugin's client part receives while it registers. */
export interface ClientPluginContext {
  readonly pluginId: string;
  contribute<T>(point: ExtensionPoint<T>, value: T, gate?: Gate): void;
  provide<T>(token: Token<T>, value: T): void;
  /** Resolves a service provided by this plugin or one registered before it (a dependency); fails naming plugin and token. */
  resolve<T>(token: Token<T>): T;
  /** Adds the plugin's MST store to the root store under `stores.<name>`. */
  addStore(name: string, model: IAnyModelType): void;
}

export interface ClientPlugin {
  manifest: PluginManifest;
  /** Browser texts in en, hk and cn; merged into the one i18next namespace. Prefix keys with the plugin id. */
  i18n?: TranslationResources;
  register(context: ClientPluginContext): void;
}

export function defineClientPlugin(plugin: ClientPlugin): ClientPlugin {
  return plugin;
}

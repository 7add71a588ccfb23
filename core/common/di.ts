import type { DependencyContainer, InjectionToken } from 'tsyringe';
import { PluginWiringError } from './manifest';

/**
 * A named DI token. esbuild (tsx) emits no decorator metadata, so every injection is by explicit token:
 * `constructor(@inject(DatabaseToken) db: Database)`.
 */
export type Token<T> = InjectionToken<T> & symbol & { readonly __type?: T };

const tokensByName = new Map<string, symbol>();

export function createToken<T>(name: string): Token<T> {
  const existing = tokensByName.get(name);
  if (existing) return existing as Token<T>;
  const token = Symbol.for(`sensorium:${name}`);
  tokensByName.set(name, token);
  return token as Token<T>;
}

export function tokenName(token: InjectionToken<unknown>): string {
  if (typeof token === 'symbol') return token.description?.replace(/^sensorium:/, '') ?? token.toString();
  if (typeof token === 'function') return token.name;
  return String(token);
}

/** Checks that every token a plugin says it requires can be resolved, before any plugin code runs. */
export function assertProvided(container: DependencyContainer, pluginId: string, required: readonly string[] = []): void {
  for (const name of required) {
    if (!container.isRegistered(createToken(name), true)) {
      throw new PluginWiringError(
        `Plugin "${pluginId}" requires "${name}", but no plugin provides it. Add the providing plugin to dependsOn and enable it, or remove "${name}" from requires.`,
        pluginId,
      );
    }
  }
}

/** Resolves a token, turning tsyringe's bare error into one that names the plugin and the token. */
export function resolveFor<T>(container: DependencyContainer, pluginId: string, token: Token<T>): T {
  if (!container.isRegistered(token, true)) {
    throw new PluginWiringError(`Plugin "${pluginId}" asked for "${tokenName(token)}", but no plugin provides it.`, pluginId);
  }
  return container.resolve(token);
}

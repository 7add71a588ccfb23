import { dependencyClosure, tokenName, type Token } from '@sensorium/core/common';
import {
  AuditLogToken,
  ConsoleSettingsToken,
  DatabaseToken,
  DataSourceDirectoryToken,
  FileStoreToken,
  JobQueueToken,
  LoggerToken,
  MailerToken,
  MetricsToken,
  MqttToken,
  OrganisationDirectoryToken,
  OutboundRequestsToken,
  PushHubToken,
  SessionRevocationToken,
  UserDirectoryToken,
  type ServerPlugin,
} from '@sensorium/core/server';

/** The services core offers every plugin (start-server registers one value for each). */
export const CORE_SERVICE_TOKENS: readonly Token<unknown>[] = [
  DatabaseToken,
  ConsoleSettingsToken,
  PushHubToken,
  AuditLogToken,
  UserDirectoryToken,
  OrganisationDirectoryToken,
  SessionRevocationToken,
  MailerToken,
  FileStoreToken,
  MqttToken,
  MetricsToken,
  DataSourceDirectoryToken,
  LoggerToken,
  OutboundRequestsToken,
  JobQueueToken,
];

export interface ServiceProblem {
  pluginId: string;
  message: string;
}

/**
 * Checks what the plugins declare before any of them runs (the host at start, `sensorium check` without starting): every
 * token in `deps` is core's or provided by a plugin in the plugin's dependsOn closure, and each token has one provider.
 * Returns the providers by token and the problems, each naming the plugin and the token.
 */
export function checkDeclaredServices(
  plugins: readonly ServerPlugin[],
  coreTokens: readonly Token<unknown>[],
): { providers: ReadonlyMap<symbol, string>; problems: ServiceProblem[] } {
  const core = new Set<symbol>(coreTokens);
  const providers = new Map<symbol, string>();
  const problems: ServiceProblem[] = [];
  for (const plugin of plugins) {
    const pluginId = plugin.manifest.id;
    for (const token of plugin.provides ?? []) {
      const owner = core.has(token) ? 'core' : providers.get(token);
      if (owner) {
        const message = `Plugins "${owner}" and "${pluginId}" both provide "${tokenName(token)}"; only one provider per token is allowed`;
        problems.push({ pluginId, message });
      } else providers.set(token, pluginId);
    }
  }
  for (const plugin of plugins) {
    const pluginId = plugin.manifest.id;
    const dependencies = dependencyClosure(pluginId, plugins);
    for (const token of Object.values(plugin.deps ?? {})) {
      if (core.has(token)) continue;
      const provider = providers.get(token);
      const name = tokenName(token);
      if (!provider) {
        problems.push({
          pluginId,
          message: `Plugin "${pluginId}" needs "${name}", but no plugin provides it. Install and enable the plugin that provides it and add it to dependsOn.`,
        });
      } else if (!dependencies.has(provider)) {
        problems.push({
          pluginId,
          message: `Plugin "${pluginId}" needs "${name}" from "${provider}", but does not list "${provider}" in dependsOn.`,
        });
      }
    }
  }
  return { providers, problems };
}

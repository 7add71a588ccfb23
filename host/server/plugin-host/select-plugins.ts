import { hasLicence, orderPlugins, PERMISSIONS, type LicenceSet, type PermissionKey } from '@sensorium/core/common';
import type { ServerPlugin } from '@sensorium/core/server';

export interface PluginSelection {
  /** Every installed plugin in dependency order; their migrations run even while their licence is off. */
  installed: ServerPlugin[];
  /** The plugins that register, in dependency order. */
  running: ServerPlugin[];
  /** Plugins left out, with the reason, for the start-up log. */
  skipped: { id: string; reason: string }[];
}

/**
 * Orders the installed plugins (validating manifests, dependencies and cycles) and leaves out those whose licence is off,
 * together with the plugins that depend on them, since those could not resolve what they need.
 */
export function selectPlugins(plugins: readonly ServerPlugin[], licences: LicenceSet): PluginSelection {
  const installed = orderPlugins(plugins);
  const runningIds = new Set<string>();
  const running: ServerPlugin[] = [];
  const skipped: PluginSelection['skipped'] = [];
  for (const plugin of installed) {
    const { id, licence, dependsOn = [] } = plugin.manifest;
    const missing = dependsOn.find((dependency) => !runningIds.has(dependency));
    if (!hasLicence(licences, licence)) {
      skipped.push({ id, reason: `licence "${licence}" is off` });
    } else if (missing) {
      skipped.push({ id, reason: `it depends on "${missing}", which is off` });
    } else {
      runningIds.add(id);
      running.push(plugin);
    }
  }
  return { installed, running, skipped };
}

/** A cloud user's permissions: core's keys plus every key an installed plugin declares. */
export function allPermissions(installed: readonly ServerPlugin[]): PermissionKey[] {
  return [...new Set<PermissionKey>([...PERMISSIONS, ...installed.flatMap((plugin) => plugin.manifest.permissions ?? [])])];
}

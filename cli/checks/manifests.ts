import { orderPlugins, PluginWiringError } from '@sensorium/core/common';
import type { PluginFolder } from './plugin-folders';

/** Validates the manifests the way the host does at start; returns the start order or the problem. */
export function checkManifests(plugins: PluginFolder[]): { order: string[]; problems: string[] } {
  try {
    return { order: orderPlugins(plugins).map((plugin) => plugin.manifest.id), problems: [] };
  } catch (error) {
    if (error instanceof PluginWiringError) return { order: [], problems: [error.message] };
    throw error;
  }
}

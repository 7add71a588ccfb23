import { orderPlugins } from '@sensorium/core/common';
import type { ServerPlugin } from '@sensorium/core/server';
import { coreMigrations } from './core-migrations';
import type { MigrationSource } from './migrate';

/**
 * What a start migrates, in order: core's steps, then every installed plugin's in dependency order (licence on or off,
 * so that switching a licence on later needs no migration).
 */
export function migrationSources(plugins: readonly ServerPlugin[]): MigrationSource[] {
  return [
    { pluginId: 'core', migrations: coreMigrations },
    ...orderPlugins(plugins).map((plugin) => ({ pluginId: plugin.manifest.id, migrations: plugin.migrations ?? [] })),
  ];
}

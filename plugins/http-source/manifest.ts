import type { PluginManifest } from '@sensorium/core/common';

export const manifest: PluginManifest = {
  id: 'http-source',
  version: '0.1.0',
  description: "Generic HTTP API data source (type api): POST an item's field values with an API key or a session.",
  permissions: ['nodemanagement'],
  // The sink is the device pipeline's (it depends on nodes, whose wizard offers this source).
  dependsOn: ['device-pipeline', 'applications'],
};

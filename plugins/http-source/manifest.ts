import type { PluginManifest } from '@sensorium/core/common';

export const manifest: PluginManifest = {
  id: 'http-source',
  version: '0.1.0',
  description: "Generic HTTP API data source (type api): POST an item's field values with an API key or a session.",
  permissions: ['nodemanagement'],
  dependsOn: ['nodes', 'applications'],
};

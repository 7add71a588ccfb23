import type { PluginManifest } from '@sensorium/core/common';

export const manifest: PluginManifest = {
  id: 'raw-data',
  version: '0.1.0',
  description: 'Raw Data: a list of named items.',
  permissions: [],
  dependsOn: [],
};

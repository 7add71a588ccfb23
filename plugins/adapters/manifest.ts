import type { PluginManifest } from '@sensorium/core/common';

export const manifest: PluginManifest = {
  id: 'adapters',
  version: '0.1.0',
  description: 'Adapters: a list of named items.',
  permissions: [],
  dependsOn: [],
};

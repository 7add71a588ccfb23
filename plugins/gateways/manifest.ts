import type { PluginManifest } from '@sensorium/core/common';

export const manifest: PluginManifest = {
  id: 'gateways',
  version: '0.1.0',
  description: 'Gateways: a list of named items.',
  permissions: [],
  dependsOn: [],
};

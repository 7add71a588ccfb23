import type { PluginManifest } from '@sensorium/core/common';

export const manifest: PluginManifest = {
  id: 'dashboards',
  version: '0.1.0',
  description: 'Dashboards: a list of named items.',
  licence: 'dashboard',
  permissions: [],
  dependsOn: [],
};

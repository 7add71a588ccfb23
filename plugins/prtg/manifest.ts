import type { PluginManifest } from '@sensorium/core/common';

export const manifest: PluginManifest = {
  id: 'prtg',
  version: '0.1.0',
  description: 'PRTG network monitoring data source: the add-item wizard form (device profile, host).',
  permissions: [],
  dependsOn: ['nodes'],
};

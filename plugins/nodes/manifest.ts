import type { PluginManifest } from '@sensorium/core/common';

export const manifest: PluginManifest = {
  id: 'nodes',
  version: '0.1.0',
  description:
    'Node and item management: the per-application tree of nodes and devices, field preferences, values, events and raw data.',
  permissions: ['nodemanagement'],
  dependsOn: ['applications'],
};

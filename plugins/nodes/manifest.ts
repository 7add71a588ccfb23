import type { PluginManifest } from '@sensorium/core/common';

export const manifest: PluginManifest = {
  id: 'nodes',
  version: '0.1.0',
  description:
    'Node and item management: the per-application tree of nodes and devices, field preferences, commands, device profiles, maps and floor plans.',
  permissions: ['nodemanagement'],
  dependsOn: ['applications'],
  // Made before the naming rule; raw data and history belong to the device-pipeline plugin, events to events and
  // contacts to notifications.
  tables: ['node_items', 'device_profiles'],
};

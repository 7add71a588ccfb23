import type { PluginManifest } from '@sensorium/core/common';

export const manifest: PluginManifest = {
  id: 'prtg',
  version: '0.1.0',
  description:
    "PRTG network monitoring data source: the add-item wizard form (device profile, host, sensor id), and a poller reading each PRTG item's sensor channels through PRTG's HTTP API with the organisation's PRTG API settings.",
  permissions: [],
  // nodes: the items it polls and the wizard; applications: whose organisation's API settings apply to an item.
  dependsOn: ['nodes', 'applications'],
};

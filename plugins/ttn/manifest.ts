import type { PluginManifest } from '@sensorium/core/common';

export const manifest: PluginManifest = {
  id: 'ttn',
  version: '0.1.0',
  description:
    'The Things Stack v3 data source: uplinks from its MQTT server, device commands as downlinks (down/push); for ' +
    'gateway management, its API settings and the gateways its uplinks came through.',
  permissions: [],
  dependsOn: ['nodes'],
};

import type { PluginManifest } from '@sensorium/core/common';

export const manifest: PluginManifest = {
  id: 'chirpstack',
  version: '0.1.0',
  description:
    'ChirpStack v4 data source: LoRaWAN uplinks from its MQTT integration, device commands as downlinks; for gateway ' +
    'management, its API settings and the gateways it hears (gateway stats, uplinks’ receivers).',
  permissions: [],
  dependsOn: ['nodes'],
};

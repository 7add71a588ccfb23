import type { PluginManifest } from '@sensorium/core/common';

export const manifest: PluginManifest = {
  id: 'trackcentral',
  version: '0.1.0',
  description:
    'TrackCentral LoRaWAN data source: the add-item wizard form (device profile, activation, keys) and the generic JSON uplink on MQTT sensorium/trackcentral/<DevEUI>/up.',
  permissions: [],
  dependsOn: ['nodes'],
};

import type { PluginManifest } from '@sensorium/core/common';

export const manifest: PluginManifest = {
  id: 'rgtnbiot',
  version: '0.1.0',
  description:
    'RGT NB-IoT data source: the add-item wizard form (device profile, IMEI) and the generic JSON uplink on MQTT sensorium/rgtnbiot/<IMEI>/up.',
  permissions: [],
  dependsOn: ['nodes'],
};

import type { PluginManifest } from '@sensorium/core/common';

export const manifest: PluginManifest = {
  id: 'robot',
  version: '0.1.0',
  description:
    'Robot data source: the add-item wizard form (serial number, job type, extra information) and the generic JSON uplink on MQTT sensorium/robot/<serial number>/up.',
  permissions: [],
  dependsOn: ['nodes'],
};

import type { PluginManifest } from '@sensorium/core/common';

export const manifest: PluginManifest = {
  id: 'lift',
  version: '0.1.0',
  description:
    'Lift data source: the add-item wizard form (serial number, building, group, area) and the generic JSON uplink on MQTT sensorium/lift/<serial number>/up.',
  permissions: [],
  dependsOn: ['nodes'],
};

import { LICENCES, type PluginManifest } from '@sensorium/core/common';

export const manifest: PluginManifest = {
  id: 'sensor-status',
  version: '0.1.0',
  description:
    'Sensor Status (shell spec §2.3): every device of an application with its connection, status, severity and live values, and its history chart.',
  // The per-application menu's Sensor Status needs the IoT feature licence (shell spec §2.3).
  licence: LICENCES.iot,
  permissions: [],
  dependsOn: ['applications', 'nodes', 'device-pipeline'],
};

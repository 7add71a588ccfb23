import { LICENCES, type PluginManifest } from '@sensorium/core/common';

export const manifest: PluginManifest = {
  id: 'adapters',
  version: '0.1.0',
  description:
    'Adapter editor (Advance Setting > Adapter Editor): device adapter scripts that decode uplinks into fields and ' +
    'encode commands, per device profile or item, run in a QuickJS sandbox in the device pipeline before the field ' +
    'processing, with versions, diff and rollback.',
  // Advance Setting needs the IoT feature licence (shell spec §2.4).
  licence: LICENCES.iot,
  permissions: [],
  // Scripts' helpers raise events (events) and send SMS through the notifications plugin's providers (notifications).
  dependsOn: ['applications', 'nodes', 'device-pipeline', 'events', 'notifications'],
};

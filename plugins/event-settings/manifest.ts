import { LICENCES, type PluginManifest } from '@sensorium/core/common';

export const manifest: PluginManifest = {
  id: 'event-settings',
  version: '0.1.0',
  description:
    'Event Setting: application-level event rules (conditions over several devices, duration, hysteresis, time slots) ' +
    'evaluated in the device pipeline’s ingest, and their actions (notification, webhook, device task) snapshotted into ' +
    'the events they raise.',
  // Settings > Event Setting needs the IoT feature licence (shell spec §2.3).
  licence: LICENCES.iot,
  permissions: [],
  // notifications: the rule editor offers its contacts' departments (ContactDepartmentsToken), and it sends the rules'
  // notifications.
  dependsOn: ['applications', 'nodes', 'device-pipeline', 'events', 'notifications'],
};

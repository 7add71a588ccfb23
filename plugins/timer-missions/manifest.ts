import { LICENCES, type PluginManifest } from '@sensorium/core/common';

export const manifest: PluginManifest = {
  id: 'timer-missions',
  version: '0.2.0',
  description:
    'Timer Mission Setting: per-application missions that send device commands at their time slots’ starts, in the ' +
    'application’s time zone and holiday calendar, each start sent once across restarts and server instances, with a ' +
    'run log.',
  // Settings > Timer Mission Setting needs the IoT feature licence (shell spec §2.3).
  licence: LICENCES.iot,
  permissions: [],
  dependsOn: ['applications', 'nodes'],
};

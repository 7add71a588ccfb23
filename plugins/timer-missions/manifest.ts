import type { PluginManifest } from '@sensorium/core/common';

export const manifest: PluginManifest = {
  id: 'timer-missions',
  version: '0.1.0',
  description: 'Timer Missions: a list of named items.',
  permissions: [],
  dependsOn: [],
};

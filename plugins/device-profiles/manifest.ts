import type { PluginManifest } from '@sensorium/core/common';

export const manifest: PluginManifest = {
  id: 'device-profiles',
  version: '0.1.0',
  description: 'Device Profiles: a list of named items.',
  permissions: [],
  dependsOn: [],
};

import type { PluginManifest } from '@sensorium/core/common';

export const manifest: PluginManifest = {
  id: 'device-profiles',
  version: '0.1.0',
  description:
    'Device profiles (Advance Setting > Device Profiles): manage the profiles offered to every application, with ' +
    'commands, output defaults and extra-information settings, JSON import and export. The profiles are kept by nodes.',
  permissions: [],
  dependsOn: ['nodes'],
};

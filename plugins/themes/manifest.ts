import type { PluginManifest } from '@sensorium/core/common';

export const manifest: PluginManifest = {
  id: 'themes',
  version: '0.1.0',
  description: 'Dashboard themes: colours and background images of the dashboard (Advance Setting > Dashboard Theme).',
  permissions: ['setting'],
  dependsOn: [],
  tables: ['theme_profiles'],
};

import type { PluginManifest } from '@sensorium/core/common';

export const manifest: PluginManifest = {
  id: 'project-wizard',
  version: '0.1.0',
  description: 'Project Wizard: a list of named items.',
  licence: 'new-project-wizard',
  permissions: [],
  dependsOn: [],
};

import type { PluginManifest } from '@sensorium/core/common';

export const manifest: PluginManifest = {
  id: 'cost-management',
  version: '0.1.0',
  description: 'Cost Management: a list of named items.',
  licence: 'test-feature',
  permissions: [],
  dependsOn: [],
};

import type { PluginManifest } from '@sensorium/core/common';

export const manifest: PluginManifest = {
  id: 'cost-management',
  version: '0.2.0',
  description:
    'Cost Management (sidebar Testing group, test-feature licence): a usage report per application and month (uplinks, ' +
    'stored rows, messages per channel), counted by the plugins that own the data.',
  licence: 'test-feature',
  permissions: [],
  dependsOn: ['applications', 'device-pipeline', 'notifications', 'event-actions'],
};

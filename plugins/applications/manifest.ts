import type { PluginManifest } from '@sensorium/core/common';

export const manifest: PluginManifest = {
  id: 'applications',
  version: '0.1.0',
  description: 'Application list, application switcher, end customers and the event summary behind the alarm bell.',
  permissions: ['setting', 'event'],
  dependsOn: [],
  tables: ['applications', 'end_customers'],
};

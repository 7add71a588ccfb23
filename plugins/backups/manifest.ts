import type { PluginManifest } from '@sensorium/core/common';

export const manifest: PluginManifest = {
  id: 'backups',
  version: '0.1.0',
  description:
    'Data backups of an application: create, list, download, delete and restore (Application Setting, Data Backup tab).',
  permissions: ['setting'],
  dependsOn: ['applications'],
};

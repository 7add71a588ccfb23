import type { PluginManifest } from '@sensorium/core/common';

export const manifest: PluginManifest = {
  id: 'users',
  version: '0.1.0',
  description: 'Account Management: users, user groups, My Account, API keys and the per-application User Setup page.',
  permissions: ['useredit', 'profileedit'],
  dependsOn: ['applications'],
  tables: ['api_keys', 'application_users', 'application_groups'],
};

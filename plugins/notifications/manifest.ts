import type { PluginManifest } from '@sensorium/core/common';

export const manifest: PluginManifest = {
  id: 'notifications',
  version: '0.1.0',
  description:
    'Notifications: an application’s notification clients (contacts, taken over from nodes), and the messages the ' +
    'alarm loop sends them.',
  permissions: ['notificationsetting'],
  dependsOn: ['applications', 'nodes', 'events', 'public-alert'],
  // Made by nodes before this plugin existed; taken over with `replaces` (server/contacts/migrations.ts).
  tables: ['contacts'],
};

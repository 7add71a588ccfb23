import type { PluginManifest } from '@sensorium/core/common';

export const manifest: PluginManifest = {
  id: 'public-alert',
  version: '0.1.0',
  description:
    'Public alert links: signed, expiring, revocable links to one event, and the public viewer where a contact ' +
    'acknowledges or clears it without signing in.',
  permissions: [],
  dependsOn: ['applications', 'nodes', 'events'],
};

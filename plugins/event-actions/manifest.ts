import type { PluginManifest } from '@sensorium/core/common';

export const manifest: PluginManifest = {
  id: 'event-actions',
  version: '0.1.0',
  description:
    'What an event’s range asks machines to do when the event is created, acknowledged or cleared: a signed webhook ' +
    '(templated headers and body, retried, with a delivery log and a secret per application) and a task that sends an ' +
    'item’s command to its device; each outcome is written to the event’s history.',
  permissions: [],
  dependsOn: ['applications', 'nodes', 'events'],
};

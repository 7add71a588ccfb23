import type { PluginManifest } from '@sensorium/core/common';

export const manifest: PluginManifest = {
  id: 'events',
  version: '0.1.0',
  description:
    'Events: the events colour ranges raise (written in the ingest transaction through the device pipeline’s event ' +
    'store) with their history, acknowledge and clear (EventStore, transition hooks), the alarm bell’s counts, their ' +
    'backups and their deletion with items and applications.',
  permissions: [],
  dependsOn: ['applications', 'nodes', 'device-pipeline'],
  // Made by device-pipeline (before it, by nodes) before this plugin existed; taken over with `replaces` (server/migrations.ts).
  tables: ['node_events', 'events_history'],
};

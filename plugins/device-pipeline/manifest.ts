import type { PluginManifest } from '@sensorium/core/common';

export const manifest: PluginManifest = {
  id: 'device-pipeline',
  version: '0.1.0',
  description:
    'Device pipeline: the sink data sources feed (ingest, write lanes, field processing, ranges, events through the event store), live values, raw data and history.',
  permissions: [],
  dependsOn: ['applications', 'nodes'],
  // Made by the nodes plugin before the naming rule; taken over with `replaces` (server/migrations.ts). Plus its own.
  tables: ['raw_data', 'field_history', 'dead_letters'],
};

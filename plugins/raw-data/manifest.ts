import type { PluginManifest } from '@sensorium/core/common';

export const manifest: PluginManifest = {
  id: 'raw-data',
  version: '0.2.0',
  description:
    'Raw data history: Diagnosis > Raw Data History and the item’s Data History tab, searching the uplinks the device pipeline stores (raw_data), with a streamed Excel export.',
  permissions: [],
  dependsOn: ['applications', 'nodes', 'device-pipeline'],
};

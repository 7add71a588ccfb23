import type { PluginManifest } from '@sensorium/core/common';

export const manifest: PluginManifest = {
  id: 'crawler',
  version: '0.1.0',
  description: "Crawler data source: polls each crawler item's target URL on its interval and stores the JSON object it answers.",
  permissions: [],
  dependsOn: ['nodes'],
};

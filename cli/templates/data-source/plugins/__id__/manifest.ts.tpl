import type { PluginManifest } from '@sensorium/core/common';

export const manifest: PluginManifest = {
  id: '{{id}}',
  version: '0.1.0',
  description: '{{title}} data source: device uplinks from MQTT ({{id}}/<device id>/up), device commands as downlinks ({{id}}/<device id>/down).',
{{#licence}}
  licence: '{{licence}}',
{{/licence}}
  permissions: [],
  // The item store (DataSourceSink) and the add-item wizard this source plugs into.
  dependsOn: ['nodes'],
};

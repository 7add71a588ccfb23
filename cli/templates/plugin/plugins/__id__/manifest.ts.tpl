import type { PluginManifest } from '@sensorium/core/common';

export const manifest: PluginManifest = {
  id: '{{id}}',
  version: '0.1.0',
  description: '{{title}}: a list of named items.',
{{#licence}}
  licence: '{{licence}}',
{{/licence}}
  permissions: [],
  dependsOn: [],
};

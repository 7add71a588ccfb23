import type { PluginManifest } from '@sensorium/core/common';

export const manifest: PluginManifest = {
  id: 'project-wizard',
  version: '0.1.0',
  description:
    'Project wizard: creates an application from a template (its tree of devices, field settings, colour ranges and main dashboard) or from a sketch, in one transaction.',
  licence: 'new-project-wizard',
  permissions: [],
  // Its projects are applications with a tree and a main dashboard, made through those plugins' services.
  dependsOn: ['applications', 'nodes', 'dashboards'],
};

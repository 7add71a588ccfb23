import type { PluginManifest } from '@sensorium/core/common';

export const manifest: PluginManifest = {
  id: 'audit',
  version: '0.2.0',
  description:
    'Diagnosis > Audit History: the audit trail that every mutating call and sign-in writes, searched by time range, ' +
    'type and archive, exported as CSV; an hourly job moves old records to the archive.',
  // Records name their application (ApplicationBranding) when they concern one.
  dependsOn: ['applications'],
};

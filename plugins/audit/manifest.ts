import type { PluginManifest } from '@sensorium/core/common';

export const manifest: PluginManifest = {
  id: 'audit',
  version: '0.1.0',
  description: 'Diagnosis > Audit History: the audit trail that every mutating call writes.',
};

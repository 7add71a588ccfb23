import type { PluginManifest } from '@sensorium/core/common';

export const manifest: PluginManifest = {
  id: 'account',
  version: '0.2.0',
  description:
    'Account screens and their API: login with a second factor, sign-up with e-mail verification, company information, ' +
    'forgot and reset password.',
  dependsOn: ['applications'],
};

import type { PluginManifest } from '../../core/common';

export const manifest: PluginManifest = {
  id: 'account',
  version: '0.1.0',
  description: 'Account screens: login and session expiry (sign-up, one-time password and password reset to follow).',
};

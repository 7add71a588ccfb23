import type { PluginManifest } from '@sensorium/core/common';

export const manifest: PluginManifest = {
  id: 'mailbox',
  version: '0.1.0',
  description:
    'Diagnosis > Mailbox: the e-mail outbox for cloud users (GET /api/mailbox, read through core’s mailer), so sign-up ' +
    'codes and reset links can be read when no SMTP server is configured.',
};

import { defineClientPlugin, jsonTexts, routes, sidebarItems } from '@sensorium/core/client';
import { manifest } from '../manifest';
import { MAILBOX_STORE } from './use-mailbox';

export default defineClientPlugin({
  manifest,
  i18n: jsonTexts((language) => import(`./i18n/${language}.json`)),
  register(context) {
    context.addStore(MAILBOX_STORE, () => import('./store'), 'MailboxStore');
    context.contribute(routes, {
      path: 'diagnosis/mailbox',
      load: () => import('./pages/mailbox-page'),
      titleKey: 'mailbox.title',
      guard: 'system-admin',
    });
    context.contribute(sidebarItems, {
      groupId: 'diagnosis',
      id: 'mailbox.messages',
      titleKey: 'mailbox.title',
      url: '/diagnosis/mailbox',
      order: 30,
    });
  },
});

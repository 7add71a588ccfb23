import { defineClientPlugin, jsonTexts, routes, sidebarItems } from '@sensorium/core/client';
import { manifest } from '../manifest';
import { AUDIT_STORE } from './use-audit';

export default defineClientPlugin({
  manifest,
  i18n: jsonTexts((language) => import(`../common/i18n/${language}.json`)),
  register(context) {
    context.addStore(AUDIT_STORE, () => import('./store'), 'AuditStore');
    context.contribute(routes, {
      path: 'diagnosis/audit-history',
      load: () => import('./pages/audit-history-page'),
      titleKey: 'audit.title',
      guard: 'system-admin',
    });
    context.contribute(sidebarItems, {
      groupId: 'diagnosis',
      id: 'audit.history',
      titleKey: 'audit.title',
      url: '/diagnosis/audit-history',
      order: 10,
    });
  },
});

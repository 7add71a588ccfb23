import { defineClientPlugin, jsonTexts, routes, sidebarItems } from '@sensorium/core/client';
import { manifest } from '../manifest';

/** The page's path: the spec's `/dashboard` of the Testing group (shell §2.4). */
export const COST_MANAGEMENT_PATH = 'dashboard';

/** Testing > Cost Management, with the test-feature licence (the manifest's: off, the plugin registers nothing). */
export default defineClientPlugin({
  manifest,
  i18n: jsonTexts((language) => import(`../common/i18n/${language}.json`)),
  register(context) {
    context.addStore('costManagement', () => import('./store'), 'CostManagementStore');
    // The server answers cloud and si-customer users holding `setting`; the system-admin guard asks the same.
    context.contribute(routes, {
      path: COST_MANAGEMENT_PATH,
      load: () => import('./CostManagementPage'),
      titleKey: 'cost-management.title',
      guard: 'system-admin',
      customPermissions: ['setting'],
    });
    context.contribute(sidebarItems, {
      groupId: 'testing',
      id: 'cost-management.usage',
      titleKey: 'cost-management.title',
      url: `/${COST_MANAGEMENT_PATH}`,
      order: 10,
      customPermissions: ['setting'],
    });
  },
});

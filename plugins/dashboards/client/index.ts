import { appMenuItems, defineClientPlugin, jsonTexts, routes } from '@sensorium/core/client';
import { manifest } from '../manifest';

/**
 * Dashboards (shell §2.1, §2.3, §6): the application's dashboards under app/{app_id}/dashboard (main by default), the
 * end customers' app/all/dashboard/main, and public/dashboard for share links; all behind the dashboard guard (a
 * dashboard_token or the dashboard permission), the plugin's licence hiding them all.
 */
export default defineClientPlugin({
  manifest,
  i18n: jsonTexts((language) => import(`../common/i18n/${language}.json`)),
  register(context) {
    context.addStore('dashboards', () => import('./store'), 'DashboardsStore');
    context.contribute(routes, {
      path: 'app/:app_id/dashboard',
      load: () => import('./pages/dashboard-index-page'),
      titleKey: 'dashboards.title',
      guard: 'dashboard',
    });
    context.contribute(routes, {
      path: 'app/:app_id/dashboard/:dashboard_id',
      load: () => import('./pages/dashboard-page'),
      titleKey: 'dashboards.title',
      guard: 'dashboard',
    });
    context.contribute(routes, {
      path: 'app/all/dashboard/main',
      load: () => import('./pages/all-dashboards-page'),
      titleKey: 'dashboards.allTitle',
      guard: 'dashboard',
    });
    context.contribute(routes, {
      path: 'public/dashboard',
      load: () => import('./pages/shared-dashboard-page'),
      titleKey: 'dashboards.title',
      guard: 'dashboard',
    });
    context.contribute(appMenuItems, {
      id: 'dashboards.dashboard',
      titleKey: 'dashboards.menu',
      path: 'dashboard/main',
      order: 5,
      requiredPermission: 'dashboard',
    });
  },
});

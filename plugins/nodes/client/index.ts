import { appMenuItems, defineClientPlugin, routes } from '@sensorium/core/client';
import { manifest } from '../manifest';
import { nodesClientI18n } from './i18n';

export default defineClientPlugin({
  manifest,
  i18n: nodesClientI18n,
  register(context) {
    context.contribute(routes, {
      path: 'app/:app_id/node-management',
      load: () => import('./pages/node-management-page'),
      titleKey: 'nodes.page.title',
      guard: 'auth',
    });
    // Everyone who can see the application reads the tree; the write controls need `nodemanagement`.
    context.contribute(appMenuItems, {
      id: 'nodes.node-management',
      titleKey: 'nodes.page.title',
      path: 'node-management',
      order: 10,
    });
  },
});

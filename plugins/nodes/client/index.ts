import { appMenuItems, defineClientPlugin, jsonTexts, routes } from '@sensorium/core/client';
import { manifest } from '../manifest';
import { fieldSettingSections, itemSettingsTabs } from '../common/extension-points';
import { NODES_FIELD_SECTIONS, NODES_ITEM_TABS } from './contributions';
import type { NodesStoreInstance } from './store/nodes-store';

export default defineClientPlugin({
  manifest,
  i18n: jsonTexts((language) => import(`./i18n/${language}.json`)),
  register(context) {
    context.addStore('nodes', () => import('./store/nodes-store'), 'NodesStore');
    context.contribute(routes, {
      path: 'app/:app_id/node-management',
      load: () => import('./pages/node-management-page'),
      titleKey: 'nodes.page.title',
      guard: 'auth',
      // The tree is asked for while the page's code and the shell load, not once the page has mounted.
      prefetch: async ({ params, stores }) => ((await stores.load('nodes')) as NodesStoreInstance).open(params.app_id ?? ''),
    });
    // Everyone who can see the application reads the tree; the write controls need `nodemanagement`.
    context.contribute(appMenuItems, {
      id: 'nodes.node-management',
      titleKey: 'nodes.page.title',
      path: 'node-management',
      order: 10,
    });
    for (const tab of NODES_ITEM_TABS) context.contribute(itemSettingsTabs, tab);
    for (const section of NODES_FIELD_SECTIONS) context.contribute(fieldSettingSections, section);
    // The ranges' actions (notification, task, webhook) are the notifications and event-actions plugins' (rangeActions).
  },
});

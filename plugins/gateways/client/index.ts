import { RouterRegular } from '@fluentui/react-icons';
import { defineClientPlugin, jsonTexts, routes, sidebarGroups } from '@sensorium/core/client';
import { manifest } from '../manifest';

export default defineClientPlugin({
  manifest,
  i18n: jsonTexts((language) => import(`../common/i18n/${language}.json`)),
  register(context) {
    context.addStore('gateways', () => import('./store'), 'GatewaysStore');
    // Node spec §2.10 and shell spec §2.1: its own top-level route and sidebar link, for cloud and si-customer users.
    context.contribute(routes, {
      path: 'gateway-management',
      load: () => import('./gateways-page'),
      titleKey: 'gateways.title',
      guard: 'admin',
    });
    context.contribute(sidebarGroups, {
      id: 'gateway-management',
      titleKey: 'gateways.menu',
      icon: RouterRegular,
      order: 45,
      url: '/gateway-management',
    });
  },
});

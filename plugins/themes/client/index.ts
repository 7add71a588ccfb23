import { defineClientPlugin, jsonTexts, routes, sidebarItems } from '@sensorium/core/client';
import { manifest } from '../manifest';
import { THEMES_STORE } from './use-themes';

export default defineClientPlugin({
  manifest,
  i18n: jsonTexts((language) => import(`../common/i18n/${language}.json`)),
  register(context) {
    context.addStore(THEMES_STORE, () => import('./store'), 'ThemesStore');
    context.contribute(routes, {
      path: 'theme-profile',
      load: () => import('./pages/theme-profile-page'),
      titleKey: 'themes.title',
      guard: 'admin',
    });
    // The Advance Setting group itself is gated by the iot licence (shell plugin).
    context.contribute(sidebarItems, {
      groupId: 'advance-setting',
      id: 'themes.theme-profile',
      titleKey: 'themes.menu',
      url: '/theme-profile',
      order: 10,
    });
  },
});

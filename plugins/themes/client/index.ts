import { defineClientPlugin, routes, sidebarItems } from '@sensorium/core/client';
import { themesI18n } from '../common/i18n';
import { manifest } from '../manifest';
import { ThemesStore } from './store';
import { THEMES_STORE } from './use-themes';

export default defineClientPlugin({
  manifest,
  i18n: themesI18n,
  register(context) {
    context.addStore(THEMES_STORE, ThemesStore);
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

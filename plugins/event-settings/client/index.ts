import { appMenuItems, defineClientPlugin, jsonTexts, routes } from '@sensorium/core/client';
import { manifest } from '../manifest';
import { EVENT_SETTINGS_STORE } from './store-name';

/** Settings > Event Setting (shell §2.3: permission eventsetting, IoT licence, which the manifest carries). */
export default defineClientPlugin({
  manifest,
  i18n: jsonTexts((language) => import(`../common/i18n/${language}.json`)),
  register(context) {
    context.addStore(EVENT_SETTINGS_STORE, () => import('./store'), 'EventSettingsStore');
    context.contribute(routes, {
      path: 'app/:app_id/system-event-setting',
      load: () => import('./event-setting-page'),
      titleKey: 'event-settings.title',
      guard: 'auth',
    });
    context.contribute(appMenuItems, {
      id: 'event-settings.system-event-setting',
      titleKey: 'event-settings.title',
      path: 'system-event-setting',
      order: 30,
      group: 'settings',
      requiredPermission: 'eventsetting',
    });
  },
});

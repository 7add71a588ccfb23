import { appMenuItems, defineClientPlugin, jsonTexts, routes } from '@sensorium/core/client';
import { manifest } from '../manifest';
import { TIMER_MISSIONS_STORE } from './store-name';

/** Settings > Timer Mission Setting (shell §2.3: permission schedulesetting, IoT licence, which the manifest carries). */
export default defineClientPlugin({
  manifest,
  i18n: jsonTexts((language) => import(`../common/i18n/${language}.json`)),
  register(context) {
    context.addStore(TIMER_MISSIONS_STORE, () => import('./store'), 'TimerMissionsStore');
    context.contribute(routes, {
      path: 'app/:app_id/timer-mission-setting',
      load: () => import('./timer-missions-page'),
      titleKey: 'timer-missions.title',
      guard: 'auth',
    });
    context.contribute(appMenuItems, {
      id: 'timer-missions.timer-mission-setting',
      titleKey: 'timer-missions.title',
      path: 'timer-mission-setting',
      order: 40,
      group: 'settings',
      requiredPermission: 'schedulesetting',
    });
  },
});

import { appMenuItems, defineClientPlugin, jsonTexts, routes } from '@sensorium/core/client';
import { manifest } from '../manifest';

export default defineClientPlugin({
  manifest,
  i18n: jsonTexts((language) => import(`./i18n/${language}.json`)),
  register(context) {
    context.addStore('sensorStatus', () => import('./store'), 'SensorStatusStore');
    context.contribute(routes, {
      path: 'app/:app_id/sensor',
      load: () => import('./sensor-status-page'),
      titleKey: 'sensor-status.title',
      guard: 'auth',
    });
    // First in the per-application menu (shell spec §2.3); everyone who can see the application reads it.
    context.contribute(appMenuItems, { id: 'sensor-status.sensor', titleKey: 'sensor-status.title', path: 'sensor', order: 0 });
  },
});

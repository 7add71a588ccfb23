import { defineClientPlugin, jsonTexts, routes, sidebarItems } from '@sensorium/core/client';
import { manifest } from '../manifest';

export default defineClientPlugin({
  manifest,
  i18n: jsonTexts((language) => import(`../common/i18n/${language}.json`)),
  register(context) {
    context.addStore('deviceProfiles', () => import('./store'), 'DeviceProfilesStore');
    context.contribute(routes, {
      path: 'device-profile',
      load: () => import('./device-profiles-page'),
      titleKey: 'device-profiles.title',
      guard: 'admin',
    });
    // Advance Setting (gated by the iot licence in the shell), beside Dashboard Theme and Organisation Settings.
    context.contribute(sidebarItems, {
      groupId: 'advance-setting',
      id: 'device-profiles.device-profile',
      titleKey: 'device-profiles.menu',
      url: '/device-profile',
      order: 20,
    });
  },
});

import { PuzzlePieceRegular } from '@fluentui/react-icons';
import { defineClientPlugin, routes, sidebarGroups } from '@sensorium/core/client';
import { manifest } from '../manifest';
import cn from './i18n/cn.json';
import en from './i18n/en.json';
import hk from './i18n/hk.json';
import { DeviceProfilesStore } from './store';

export default defineClientPlugin({
  manifest,
  i18n: { en, hk, cn },
  register(context) {
    context.addStore('deviceProfiles', DeviceProfilesStore);
    // The page loads on first visit, so it adds nothing to the login page.
    context.contribute(routes, {
      path: 'device-profiles',
      load: () => import('./DeviceProfilesPage'),
      titleKey: 'device-profiles.title',
      guard: 'auth',
    });
    // A sidebar group of its own with a url is a plain link, visible to every signed-in user.
    context.contribute(sidebarGroups, {
      id: 'device-profiles',
      titleKey: 'device-profiles.title',
      icon: PuzzlePieceRegular,
      order: 100,
      url: '/device-profiles',
    });
  },
});

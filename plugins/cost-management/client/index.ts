import { PuzzlePieceRegular } from '@fluentui/react-icons';
import { defineClientPlugin, routes, sidebarGroups } from '@sensorium/core/client';
import { manifest } from '../manifest';
import cn from './i18n/cn.json';
import en from './i18n/en.json';
import hk from './i18n/hk.json';
import { CostManagementStore } from './store';

export default defineClientPlugin({
  manifest,
  i18n: { en, hk, cn },
  register(context) {
    context.addStore('costManagement', CostManagementStore);
    // The page loads on first visit, so it adds nothing to the login page.
    context.contribute(routes, {
      path: 'cost-management',
      load: () => import('./CostManagementPage'),
      titleKey: 'cost-management.title',
      guard: 'auth',
    });
    // A sidebar group of its own with a url is a plain link, visible to every signed-in user.
    context.contribute(sidebarGroups, {
      id: 'cost-management',
      titleKey: 'cost-management.title',
      icon: PuzzlePieceRegular,
      order: 100,
      url: '/cost-management',
    });
  },
});

import { lazy } from 'react';
import {
  appMenuItems,
  consoleRoutes,
  defineClientPlugin,
  headerActions,
  jsonTexts,
  lazyComponent,
  routes,
  sidebarItems,
} from '@sensorium/core/client';
import { ApplicationSeveritiesToken, applicationSettingTabs } from '../common';
import { manifest } from '../manifest';
import { APPLICATIONS_STORE } from './use-applications';
import { applicationSeverities } from './use-severity-scale';

export default defineClientPlugin({
  manifest,
  i18n: jsonTexts((language) => import(`../common/i18n/${language}.json`)),
  register(context) {
    context.addStore(APPLICATIONS_STORE, () => import('./store'), 'ApplicationsStore');
    context.provide(ApplicationSeveritiesToken, applicationSeverities);
    context.contribute(routes, {
      path: 'application/application-list',
      load: () => import('./pages/application-list-page'),
      titleKey: 'applications.title',
      guard: 'auth',
      ref: consoleRoutes.applicationList,
    });
    context.contribute(routes, {
      path: 'customer-management/end-customer',
      load: () => import('./pages/end-customer-page'),
      titleKey: 'applications.customers.title',
      guard: 'system-admin',
      customPermissions: ['useredit'],
    });
    context.contribute(routes, {
      path: 'app/:app_id/setting',
      load: () => import('./pages/application-setting-page'),
      titleKey: 'applications.setting.title',
      guard: 'auth',
    });
    context.contribute(appMenuItems, {
      id: 'applications.setting',
      titleKey: 'applications.setting.title',
      path: 'setting',
      order: 90,
      requiredPermission: 'setting',
    });
    context.contribute(applicationSettingTabs, {
      id: 'applications.overview',
      titleKey: 'applications.setting.overview',
      order: 10,
      // Loaded with the setting page, not with the console.
      component: lazy(() => import('./setting/overview-tab').then((module) => ({ default: module.OverviewTab }))),
    });
    context.contribute(sidebarItems, {
      groupId: 'customer-management',
      id: 'applications.end-customer',
      titleKey: 'applications.customers.title',
      url: '/customer-management/end-customer',
      order: 10,
      customPermissions: ['useredit'],
    });
    // The header's switcher and bell load with the header, not with the login page.
    context.contribute(headerActions, {
      id: 'applications.switcher',
      order: 10,
      component: lazyComponent(() => import('./components/application-switcher'), 'ApplicationSwitcher'),
    });
    context.contribute(headerActions, {
      id: 'applications.alarm-bell',
      order: 20,
      component: lazyComponent(() => import('./components/alarm-bell'), 'AlarmBell'),
    });
  },
});

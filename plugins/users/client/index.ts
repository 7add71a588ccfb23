import { appMenuItems, consoleRoutes, defineClientPlugin, jsonTexts, routes, sidebarItems } from '@sensorium/core/client';
import { manifest } from '../manifest';
import { USERS_PAGE_OLD_PATH, USERS_PAGE_PATH } from './paths';
import { USERS_STORE } from './stores/store-name';

/** Account Management (users, user groups, My Account with API keys) and the per-application User Setup page. */
export default defineClientPlugin({
  manifest,
  i18n: jsonTexts((language) => import(`../common/i18n/${language}.json`)),
  register(context) {
    context.addStore(USERS_STORE, () => import('./stores'), 'UsersStore');
    context.contribute(routes, {
      path: USERS_PAGE_PATH,
      load: () => import('./pages/users-page'),
      titleKey: 'users.nav.users',
      guard: 'system-admin',
      customPermissions: ['useredit'],
    });
    context.contribute(routes, {
      path: USERS_PAGE_OLD_PATH,
      load: () => import('./pages/users-page-moved'),
      titleKey: 'users.nav.users',
      guard: 'system-admin',
      customPermissions: ['useredit'],
    });
    context.contribute(routes, {
      path: 'account-management/user-group',
      load: () => import('./pages/user-groups-page'),
      titleKey: 'users.nav.userGroups',
      guard: 'system-admin',
      customPermissions: ['useredit'],
    });
    // Every signed-in user has an account of their own, end-customer users included (the header's user menu opens it).
    context.contribute(routes, {
      path: 'account-management/my-account',
      load: () => import('./pages/my-account-page'),
      titleKey: 'users.nav.myAccount',
      guard: 'auth',
      ref: consoleRoutes.myAccount,
    });
    context.contribute(routes, {
      path: 'app/:app_id/application-user',
      load: () => import('./pages/user-setup-page'),
      titleKey: 'users.nav.userSetup',
      guard: 'auth',
    });
    context.contribute(sidebarItems, {
      groupId: 'account-management',
      id: 'users.users',
      titleKey: 'users.nav.users',
      url: `/${USERS_PAGE_PATH}`,
      order: 10,
      customPermissions: ['useredit'],
    });
    context.contribute(sidebarItems, {
      groupId: 'account-management',
      id: 'users.user-group',
      titleKey: 'users.nav.userGroups',
      url: '/account-management/user-group',
      order: 20,
      customPermissions: ['useredit'],
    });
    context.contribute(sidebarItems, {
      groupId: 'account-management',
      id: 'users.my-account',
      titleKey: 'users.nav.myAccount',
      url: '/account-management/my-account',
      order: 30,
    });
    context.contribute(appMenuItems, {
      id: 'users.application-user',
      titleKey: 'users.nav.userSetup',
      path: 'application-user',
      order: 10,
      group: 'settings',
      requiredPermission: 'useredit',
    });
  },
});

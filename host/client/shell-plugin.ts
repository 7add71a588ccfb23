import {
  AppsListRegular,
  BeakerRegular,
  PeopleTeamRegular,
  PersonAccountsRegular,
  SettingsRegular,
  StethoscopeRegular,
} from '@fluentui/react-icons';
import {
  consoleRoutes,
  defineClientPlugin,
  jsonTexts,
  lazyComponent,
  organisationSettingSections,
  routes,
  sidebarGroups,
  sidebarItems,
  type RouteRef,
} from '@sensorium/core/client';
import { LICENCES } from '@sensorium/core/common';
import { version } from '../../package.json';
import { MQTT_CREDENTIALS_STORE } from './mqtt/store-name';

/** Sidebar group ids of the shell (spec §2.4); plugins add their items to these groups by id. */
export const SHELL_GROUPS = {
  applicationList: 'application-list',
  accountManagement: 'account-management',
  customerManagement: 'customer-management',
  advanceSetting: 'advance-setting',
  diagnosis: 'diagnosis',
  testing: 'testing',
} as const;

/** Advance Setting > Organisation Settings. */
export const ORGANISATION_SETTINGS_PATH = 'organisation-setting';

/**
 * The shell's own registration: the sidebar groups every plugin fills, and the 403 and 404 pages.
 * The redirects of the route table ('' , home, app/:app_id, unknown paths) live in routing/route-table.
 */
export const shellPlugin = defineClientPlugin({
  manifest: { id: 'shell', version, description: 'Header, sidebar, route table, guards, 403/404 pages.' },
  i18n: jsonTexts((language) => import(`./i18n/${language}.json`)),
  register(context) {
    const group = (
      id: string,
      titleKey: string,
      icon: typeof AppsListRegular,
      order: number,
      extra: { ref?: RouteRef } = {},
    ) => ({
      id,
      titleKey: `shell.groups.${titleKey}`,
      icon,
      order,
      ...extra,
    });
    context.contribute(
      sidebarGroups,
      group(SHELL_GROUPS.applicationList, 'applicationList', AppsListRegular, 10, { ref: consoleRoutes.applicationList }),
    );
    context.contribute(sidebarGroups, group(SHELL_GROUPS.accountManagement, 'accountManagement', PersonAccountsRegular, 20));
    context.contribute(sidebarGroups, group(SHELL_GROUPS.customerManagement, 'customerManagement', PeopleTeamRegular, 30));
    context.contribute(sidebarGroups, group(SHELL_GROUPS.advanceSetting, 'advanceSetting', SettingsRegular, 40), {
      licence: LICENCES.iot,
    });
    context.contribute(sidebarGroups, group(SHELL_GROUPS.diagnosis, 'diagnosis', StethoscopeRegular, 50));
    context.contribute(sidebarGroups, group(SHELL_GROUPS.testing, 'testing', BeakerRegular, 60), {
      licence: LICENCES.testFeature,
    });

    // Organisation-level settings (device-server credentials…): the page shows what plugins contribute to it.
    context.contribute(routes, {
      path: ORGANISATION_SETTINGS_PATH,
      load: () => import('./pages/organisation-settings-page'),
      titleKey: 'shell.organisationSettings.title',
      guard: 'system-admin',
      customPermissions: ['setting'],
    });
    context.contribute(sidebarItems, {
      groupId: SHELL_GROUPS.advanceSetting,
      id: 'shell.organisation-settings',
      titleKey: 'shell.organisationSettings.title',
      url: `/${ORGANISATION_SETTINGS_PATH}`,
      order: 30,
      customPermissions: ['setting'],
    });
    // The organisation's device credentials for the embedded MQTT broker (core's, so the shell's).
    context.addStore(MQTT_CREDENTIALS_STORE, () => import('./mqtt/mqtt-credentials-store'), 'MqttCredentialsStore');
    context.contribute(
      organisationSettingSections,
      {
        id: 'shell.mqtt-credentials',
        order: 5,
        component: lazyComponent(() => import('./mqtt/mqtt-credentials-section'), 'MqttCredentialsSection'),
      },
      { permission: 'setting' },
    );

    context.contribute(routes, {
      path: 'auth/no-permission',
      load: () => import('./pages/no-permission-page'),
      titleKey: 'shell.pages.noPermission.title',
      guard: 'none',
      ref: consoleRoutes.noPermission,
    });
    context.contribute(routes, {
      path: 'auth/not-found',
      load: () => import('./pages/not-found-page'),
      titleKey: 'shell.pages.notFound.title',
      guard: 'none',
      ref: consoleRoutes.notFound,
    });
  },
});

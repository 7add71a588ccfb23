import { appMenuItems, routes, type ClientPluginContext } from '@sensorium/core/client';
import { LICENCES } from '@sensorium/core/common';
import { HISTORY_STORE } from './store-name';

/** Shell §2.3: Settings > Notification History (permission notificationsetting, IoT licence). */
const IOT = { licence: LICENCES.iot };

/** The history part of the client: its store, the page app/:app_id/notification-history and its Settings menu item. */
export function registerHistory(context: ClientPluginContext): void {
  context.addStore(HISTORY_STORE, () => import('./store'), 'NotificationHistoryStore');
  context.contribute(
    routes,
    {
      path: 'app/:app_id/notification-history',
      load: () => import('./history-page'),
      titleKey: 'notifications.history.title',
      guard: 'auth',
    },
    IOT,
  );
  context.contribute(
    appMenuItems,
    {
      id: 'notifications.notification-history',
      titleKey: 'notifications.history.title',
      path: 'notification-history',
      order: 30,
      group: 'settings',
      requiredPermission: 'notificationsetting',
    },
    IOT,
  );
}

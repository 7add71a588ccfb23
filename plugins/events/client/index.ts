import { appMenuItems, appRouteRef, defineClientPlugin, jsonTexts, routes } from '@sensorium/core/client';
import { manifest } from '../manifest';
import { EVENT_PERMISSION } from './event-permission';
import { EVENT_VIEW_STORE } from './store-name';

export default defineClientPlugin({
  manifest,
  i18n: jsonTexts((language) => import(`../common/i18n/${language}.json`)),
  register(context) {
    context.addStore(EVENT_VIEW_STORE, () => import('./store'), 'EventViewStore');
    context.contribute(routes, {
      path: 'app/:app_id/event-view',
      load: () => import('./event-view-page'),
      titleKey: 'events.view.title',
      guard: 'auth',
      ref: appRouteRef('event-view'),
    });
    // Everyone who can see the application reads its events; the menu item and Acknowledge / Clear need `event`.
    context.contribute(appMenuItems, {
      id: 'events.event-view',
      titleKey: 'events.view.menu',
      path: 'event-view',
      order: 20,
      requiredPermission: EVENT_PERMISSION,
    });
  },
});

import {
  appMenuItems,
  defineClientPlugin,
  jsonTexts,
  lazyComponent,
  organisationSettingSections,
  routes,
} from '@sensorium/core/client';
import { LICENCES } from '@sensorium/core/common';
import { eventDetailSections } from '@sensorium/events/common';
import { rangeActions } from '@sensorium/nodes/common';
import { ContactDepartmentsToken, EscalationControlsToken } from '../common';
import { manifest } from '../manifest';
import { CONTACTS_STORE } from './contacts/use-contacts';
import { eventDeliveriesSection } from './event-deliveries';
import { registerHistory } from './history';
import { NOTIFICATION_RANGE_ACTION } from './range-notification';
import { PROVIDERS_STORE } from './providers/store-name';
import { RATE_LIMIT_STORE } from './rate-limit/store-name';
import { notificationPartTexts } from './texts';

/** Shell §2.3: Settings > Notification Contact List (permission notificationsetting, IoT licence). */
const IOT = { licence: LICENCES.iot };

export default defineClientPlugin({
  manifest,
  i18n: jsonTexts(notificationPartTexts, (language) => import(`./event-deliveries/i18n/${language}.json`)),
  register(context) {
    context.addStore(CONTACTS_STORE, () => import('./contacts/store'), 'ContactsStore');
    // The contacts' departments for other plugins' forms (the event-settings rule editor).
    context.provide(ContactDepartmentsToken, {
      DepartmentsDropdown: lazyComponent(() => import('./contacts/departments-dropdown'), 'DepartmentsDropdown'),
    });
    // The Notification Setting's escalation controls, for the same forms.
    context.provide(EscalationControlsToken, {
      EscalationFields: lazyComponent(() => import('./range-notification/escalation-fields'), 'EscalationFields'),
    });
    context.contribute(
      routes,
      {
        path: 'app/:app_id/notification-client',
        load: () => import('./contacts/notification-client-page'),
        titleKey: 'notifications.contacts.title',
        guard: 'auth',
      },
      IOT,
    );
    // Everyone who can see the application reads the list; the menu item and the changes need notificationsetting.
    context.contribute(
      appMenuItems,
      {
        id: 'notifications.notification-client',
        titleKey: 'notifications.contacts.menu',
        path: 'notification-client',
        order: 20,
        group: 'settings',
        requiredPermission: 'notificationsetting',
      },
      IOT,
    );
    registerHistory(context);
    context.contribute(eventDetailSections, eventDeliveriesSection, IOT);
    // A range's Notification Setting in the Field Settings dialog (node spec 2.7).
    context.contribute(rangeActions, NOTIFICATION_RANGE_ACTION);
    // SMS, WhatsApp and voice providers: Advance Setting > Organisation Settings (permission setting).
    context.addStore(PROVIDERS_STORE, () => import('./providers/store'), 'ProvidersStore');
    context.contribute(
      organisationSettingSections,
      {
        id: 'notifications.providers',
        order: 40,
        component: lazyComponent(() => import('./providers/providers-section'), 'ProvidersSection'),
      },
      { permission: 'setting' },
    );
    // The per-contact rate limit, next to the providers (same permission).
    context.addStore(RATE_LIMIT_STORE, () => import('./rate-limit/store'), 'RateLimitStore');
    context.contribute(
      organisationSettingSections,
      {
        id: 'notifications.rate-limit',
        order: 41,
        component: lazyComponent(() => import('./rate-limit/rate-limit-section'), 'RateLimitSection'),
      },
      { permission: 'setting' },
    );
  },
});

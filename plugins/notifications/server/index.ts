import {
  ConsoleSettingsToken,
  DatabaseToken,
  defineServerPlugin,
  JobQueueToken,
  LoggerToken,
  MailerToken,
  OutboundRequestsToken,
  PushHubToken,
} from '@sensorium/core/server';
import { ApplicationAccessToken, ApplicationBrandingToken } from '@sensorium/applications/common';
import { EventStoreToken } from '@sensorium/events/common';
import { ItemLookupToken, rangeActionValidators } from '@sensorium/nodes/common';
import { PublicLinksToken } from '@sensorium/public-alert/common';
import {
  ContactDirectoryToken,
  NotificationUsageToken,
  notificationSettingValidator,
  notificationsI18n,
  TextMessagesToken,
} from '../common';
import { manifest } from '../manifest';
import { registerContacts } from './contacts';
import { registerDispatch } from './dispatch';
import { notificationUsage } from './dispatch/usage';
import { registerEscalation } from './escalation';
import { NotificationsConfig } from './escalation/timing-config';
import { migrations } from './migrations';
import { registerProviders } from './providers';
import { rateLimitRoutes } from './rate-limit/rate-limit-routes';
import { rateLimiter } from './rate-limit/rate-limiter';

/** The plugin is made of parts (contacts, dispatch), each registering its own routes and services. */
export default defineServerPlugin({
  manifest,
  migrations,
  i18n: notificationsI18n,
  config: NotificationsConfig,
  deps: {
    db: DatabaseToken,
    jobs: JobQueueToken,
    mailer: MailerToken,
    push: PushHubToken,
    log: LoggerToken,
    events: EventStoreToken,
    links: PublicLinksToken,
    access: ApplicationAccessToken,
    branding: ApplicationBrandingToken,
    items: ItemLookupToken,
    outbound: OutboundRequestsToken,
    settings: ConsoleSettingsToken,
  },
  provides: [ContactDirectoryToken, NotificationUsageToken, TextMessagesToken],
  register(context, deps) {
    registerContacts(context, deps);
    const rateLimit = rateLimiter(deps, context.config.minuteSeconds);
    for (const route of rateLimitRoutes(deps.db)) context.addRoute(route);
    const { minuteSeconds, crashAt } = context.config;
    registerProviders(context, deps, registerDispatch(context, { ...deps, rateLimit, minuteSeconds, crashAt }));
    registerEscalation(context, deps, context.config.minuteSeconds);
    // The ranges' Notification Setting is this plugin's: nodes stores it, this checks it.
    context.contribute(rangeActionValidators, notificationSettingValidator);
    // Usage reports (cost-management) count the messages sent per channel through this.
    context.provide(NotificationUsageToken, notificationUsage(deps.db));
  },
});

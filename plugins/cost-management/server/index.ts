import { ApplicationAccessToken } from '@sensorium/applications/common';
import { defineServerPlugin } from '@sensorium/core/server';
import { DeviceDataUsageToken } from '@sensorium/device-pipeline/common';
import { WebhookUsageToken } from '@sensorium/event-actions/common';
import { NotificationUsageToken } from '@sensorium/notifications/common';
import { costManagementI18n } from '../common/i18n';
import { manifest } from '../manifest';
import { costManagementRoutes } from './routes';

/** The usage report: no table of its own, it counts through the services of the plugins owning the data. */
export default defineServerPlugin({
  manifest,
  i18n: costManagementI18n,
  deps: {
    access: ApplicationAccessToken,
    devices: DeviceDataUsageToken,
    notifications: NotificationUsageToken,
    webhooks: WebhookUsageToken,
  },
  register(context, sources) {
    for (const route of costManagementRoutes(sources)) context.addRoute(route);
  },
});

import { createToken } from '@sensorium/core/common';
import type { DeliveryChannel } from './delivery';

/** The statuses of a message that went out (handed to the mail server or provider, or confirmed by it). */
export const SENT_DELIVERY_STATUSES = ['sent', 'delivered'] as const;

/** How many messages one application sent on one channel in one calendar month (UTC), for usage reports. */
export interface NotificationMonth {
  appId: string;
  /** `YYYY-MM`. */
  month: string;
  channel: DeliveryChannel;
  /** Deliveries planned that month that went out (SENT_DELIVERY_STATUSES). */
  messages: number;
}

/** Counts of the notifications_deliveries table this plugin owns, grouped by the database. */
export interface NotificationUsage {
  /** Per application, month of [from, to) and channel; combinations without a message are left out. */
  monthly(appIds: readonly string[], from: Date, to: Date): Promise<NotificationMonth[]>;
}
export const NotificationUsageToken = createToken<NotificationUsage>('notifications.usage');

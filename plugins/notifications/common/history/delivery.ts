/** How a notification reaches a contact (node spec §2.7: SMS, Whatsapp, Email, Voice). */
export const DELIVERY_CHANNELS = ['sms', 'whatsapp', 'email', 'voice'] as const;
export type DeliveryChannel = (typeof DELIVERY_CHANNELS)[number];

/**
 * Why it was sent: the event transition it tells of, or an escalation round. `resumed` and `cleared` tell the contacts
 * who were sent the event's messages that it is over (once per event, whichever comes first). `direct`: a message an
 * application sent on its own behalf, about no event (TextMessagesToken: an adapter script's SMS).
 */
export const DELIVERY_USAGES = ['created', 'acknowledged', 'cleared', 'escalation', 'resumed', 'direct'] as const;
export type DeliveryUsage = (typeof DELIVERY_USAGES)[number];

/**
 * Where a delivery stands. It starts `queued` (or `skipped`: an unsubscribed contact, the channel off, no address), is
 * `sending` while a worker holds it, and ends `sent` (handed to the mail server or provider), `delivered` (the provider
 * confirmed it), `failed`, `cancelled`, or `unknown` (a provider that cannot say whether an interrupted send went out).
 * `deferred`: held back by the per-contact rate limit, queued again for later.
 */
export const DELIVERY_STATUSES = [
  'queued',
  'deferred',
  'sending',
  'sent',
  'delivered',
  'failed',
  'skipped',
  'cancelled',
  'unknown',
] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

/** One row of the Notification History (accounts §3: ID, date, service, channel, usage, reference, name, contact, status). */
export interface NotificationDelivery {
  id: string;
  /** The event it tells of; null for a direct message. */
  eventId: string | null;
  /** When it was planned (ISO). */
  createdAt: string;
  /** The provider kind that carries it (`smtp` for e-mail); empty until a provider took it. */
  service: string;
  channel: DeliveryChannel;
  usage: DeliveryUsage;
  /** What it is about: the event's description, or its item when the event has none. */
  reference: string;
  /** The contact's name; empty for a direct message to a number that is no contact's. */
  name: string;
  /** The address it goes to: e-mail address or number. */
  contact: string;
  status: DeliveryStatus;
  attempts: number;
  /** Why it failed or was skipped. */
  error: string | null;
  updatedAt: string;
}

/** GET /notifications/:appId/history: one page of the filtered deliveries, newest first, and how many match. */
export interface NotificationHistoryPage {
  total: number;
  rows: NotificationDelivery[];
}

/** Keyed push topic: an application's deliveries changed (planned, sent, failed), so its history page reloads. */
export const NOTIFICATION_DELIVERY_TOPIC = 'notification-delivery';
export interface NotificationDeliveryPush {
  appId: string;
}

/** The Excel export's file name and its most rows (the newest that match). */
export const HISTORY_EXPORT_FILE_NAME = 'notification_history.xlsx';
export const HISTORY_EXPORT_LIMIT = 50_000;

import { index, integer, jsonb, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import type { DeliveryChannel, DeliveryStatus, DeliveryUsage } from '../../common/history';

/**
 * One message to one contact on one channel (the Notification History's rows). Planned in the event's transaction,
 * sent by a `notifications.deliver` job; the unique key makes planning the same transition twice plan nothing more.
 * A direct message (usage and transition `direct`, TextMessagesToken) has no event, and no contact when its number is
 * no contact's.
 */
export const notificationsDeliveries = pgTable(
  'notifications_deliveries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    appId: text('app_id').notNull(),
    eventId: uuid('event_id'),
    /** The event's item: users limited to device tags see the deliveries of the items they see. */
    itemUuid: uuid('item_uuid'),
    /** The event transition that planned it: `created` (escalation rounds too), `over` (resumed or cleared), or `direct`. */
    transition: text('transition').notNull(),
    contactId: uuid('contact_id'),
    contactName: text('contact_name').notNull(),
    /** The e-mail address or number it goes to; empty when the contact has none (then skipped). */
    address: text('address').notNull().default(''),
    channel: text('channel').$type<DeliveryChannel>().notNull(),
    usage: text('usage').$type<DeliveryUsage>().notNull(),
    reference: text('reference').notNull().default(''),
    /** The provider kind that carried it (`smtp`); empty until one took it. */
    service: text('service').notNull().default(''),
    escalationLevel: integer('escalation_level').notNull().default(0),
    status: text('status').$type<DeliveryStatus>().notNull(),
    attempts: integer('attempts').notNull().default(0),
    providerId: text('provider_id'),
    /** Why it failed, or the skip reason (`unsubscribed`, `channelOff`, `noAddress`). */
    error: text('error'),
    /** The channel's template as the event's range had it when the event was raised. */
    template: text('template').notNull().default(''),
    /** The template's variables as they were when the event was raised, the contact's public link included. */
    variables: jsonb('variables').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    unique('notifications_deliveries_once').on(
      table.eventId,
      table.transition,
      table.contactId,
      table.channel,
      table.escalationLevel,
    ),
    index('notifications_deliveries_app_created').on(table.appId, table.createdAt),
  ],
);

export type DeliveryRow = typeof notificationsDeliveries.$inferSelect;

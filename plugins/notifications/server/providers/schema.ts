import { jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { ProviderChannel, ProviderKind, ProviderSettings } from '../../common/providers';

/**
 * Who carries an organisation's SMS, WhatsApp or voice messages: one row per organisation and channel, and the operator's
 * defaults (organisation_id null) for organisations without their own. The secret (Twilio auth token, HTTP gateway
 * signing secret) is never answered, only masked; it is stored in plain text like the device servers' (docs/alarm-loop.md).
 */
export const notificationsProviders = pgTable('notifications_providers', {
  id: uuid('id').primaryKey().defaultRandom(),
  organisationId: text('organisation_id'),
  channel: text('channel').$type<ProviderChannel>().notNull(),
  kind: text('kind').$type<ProviderKind>().notNull(),
  settings: jsonb('settings').$type<ProviderSettings>().notNull().default({}),
  secret: text('secret').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export type ProviderRow = typeof notificationsProviders.$inferSelect;

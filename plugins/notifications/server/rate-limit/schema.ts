import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** An organisation's own per-contact rate limit; organisations without a row use the default (6 per 10 minutes). */
export const notificationsRateLimits = pgTable('notifications_rate_limits', {
  organisationId: text('organisation_id').primaryKey(),
  /** At most this many messages to one contact on one channel… */
  maxSent: integer('max_sent').notNull(),
  /** …within this many minutes. */
  windowMinutes: integer('window_minutes').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

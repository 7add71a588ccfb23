import { integer, pgTable, serial, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** The tables of server/migrations.ts, typed for queries; change both together. */
export const publicAlertKeys = pgTable('public_alert_keys', {
  kid: serial('kid').primaryKey(),
  /** 32 random bytes, base64url. */
  secret: text('secret').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  retiredAt: timestamp('retired_at', { withTimezone: true }),
});

export const publicAlertLinks = pgTable('public_alert_links', {
  jti: text('jti').primaryKey(),
  kid: integer('kid').notNull(),
  eventId: uuid('event_id').notNull(),
  appId: text('app_id').notNull(),
  contactId: text('contact_id'),
  actorLabel: text('actor_label').notNull(),
  actions: text('actions').array().notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  revokedAt: timestamp('revoked_at', { withTimezone: true }),
  usedAt: timestamp('used_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

import { jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';

// This plugin's own tables (listed in the manifest's `tables`). Accounts and groups are core's (UserDirectory), end
// customers the applications plugin's (EndCustomerDirectory).

export const apiKeys = pgTable('api_keys', {
  id: uuid('id').primaryKey().defaultRandom(),
  userId: uuid('user_id').notNull(),
  name: text('name').notNull(),
  prefix: text('prefix').notNull(),
  /** sha256 of the key, hex; the key itself is never stored. */
  keyHash: text('key_hash').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
});

export const applicationUsers = pgTable(
  'application_users',
  {
    appId: text('app_id').notNull(),
    userId: uuid('user_id').notNull(),
    deviceTags: jsonb('device_tags').$type<string[]>().notNull().default([]),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.appId, table.userId] })],
);

export const applicationGroups = pgTable(
  'application_groups',
  {
    appId: text('app_id').notNull(),
    groupId: uuid('group_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.appId, table.groupId] })],
);

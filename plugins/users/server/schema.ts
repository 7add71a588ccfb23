import { boolean, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { PermissionKey, UserLevel } from '@sensorium/core/common';

// Core's `users` and `user_groups` (the columns this plugin reads and writes, plus the ones its migrations add),
// the applications plugin's `end_customers` (read only), and this plugin's own tables.

export const users = pgTable('users', {
  id: uuid('id').primaryKey().defaultRandom(),
  username: text('username').notNull(),
  name: text('name').notNull(),
  email: text('email'),
  phone: text('phone'),
  level: text('level').$type<UserLevel>().notNull(),
  groupId: uuid('group_id'),
  organisationId: text('organisation_id'),
  endCustomerId: text('end_customer_id'),
  disabled: boolean('disabled').notNull(),
  otpEnabled: boolean('otp_enabled').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  // Added by this plugin's migrations.
  scope: text('scope').notNull().default(''),
  ldapUrl: text('ldap_url'),
  userDn: text('user_dn'),
});

/** The columns every view of an account starts with (user list, user detail, My Account). */
export const accountColumns = {
  id: users.id,
  username: users.username,
  name: users.name,
  email: users.email,
  phone: users.phone,
  level: users.level,
};

export const userGroups = pgTable('user_groups', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  permissions: jsonb('permissions').$type<PermissionKey[]>().notNull(),
  organisationId: text('organisation_id'),
});

export const endCustomers = pgTable('end_customers', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  organisationId: text('organisation_id'),
});

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

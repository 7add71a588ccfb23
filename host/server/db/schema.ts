import { bigserial, boolean, index, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { PermissionKey, UserLevel } from '../../../core/common';

// Core's tables. The SQL that creates them is in core-migrations.ts; keep the two in step.

export const userGroups = pgTable('user_groups', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  permissions: jsonb('permissions').$type<PermissionKey[]>().notNull().default([]),
  organisationId: text('organisation_id'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const users = pgTable('users', {
  id: uuid('id').primaryKey().defaultRandom(),
  username: text('username').notNull().unique(),
  passwordHash: text('password_hash').notNull(),
  name: text('name').notNull().default(''),
  email: text('email'),
  phone: text('phone'),
  level: text('level').$type<UserLevel>().notNull(),
  groupId: uuid('group_id').references(() => userGroups.id, { onDelete: 'set null' }),
  organisationId: text('organisation_id'),
  endCustomerId: text('end_customer_id'),
  disabled: boolean('disabled').notNull().default(false),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    /** Also the token's `jti`. */
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Every token rotated from one login shares the family; reuse of a rotated token revokes the family. */
    familyId: uuid('family_id').notNull(),
    tokenHash: text('token_hash').notNull(),
    rememberMe: boolean('remember_me').notNull().default(false),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    replacedBy: uuid('replaced_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('refresh_tokens_family_idx').on(table.familyId)],
);

export const auditRecords = pgTable(
  'audit_records',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    /** No foreign key: the trail outlives deleted accounts. */
    userId: uuid('user_id'),
    username: text('username'),
    action: text('action').notNull(),
    target: text('target'),
    pluginId: text('plugin_id').notNull(),
    address: text('address'),
    outcome: text('outcome').$type<'success' | 'failure'>().notNull(),
    detail: jsonb('detail').$type<Record<string, unknown>>(),
  },
  (table) => [
    index('audit_records_at_idx').on(table.at),
    index('audit_records_action_target_idx').on(table.action, table.target, table.at),
  ],
);

export const systemSettings = pgTable('system_settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').$type<unknown>().notNull(),
});

export const jobLeases = pgTable('job_leases', {
  jobId: text('job_id').primaryKey(),
  holder: text('holder').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

export const migrationsTable = pgTable(
  'sensorium_migrations',
  {
    pluginId: text('plugin_id').notNull(),
    migrationId: text('migration_id').notNull(),
    appliedAt: timestamp('applied_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.pluginId, table.migrationId] })],
);

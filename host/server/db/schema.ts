import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { AuditType, MailStatus, PermissionKey, UserLevel } from '@sensorium/core/common';

// Core's tables. The SQL that creates them is in core-migrations.ts; keep the two in step.

export const userGroups = pgTable('user_groups', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  permissions: jsonb('permissions').$type<PermissionKey[]>().notNull().default([]),
  organisationId: text('organisation_id'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const users = pgTable(
  'users',
  {
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
    /** Second factor by one-time code at login (channel e-mail, later SMS). */
    otpEnabled: boolean('otp_enabled').notNull().default(false),
    /** Which part of the organisation the user looks after (free text, Users page). */
    scope: text('scope').notNull().default(''),
    ldapUrl: text('ldap_url'),
    userDn: text('user_dn'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // Usernames are compared without case, so two may not differ only in case.
  (table) => [uniqueIndex('users_username_lower_idx').on(sql`lower(${table.username})`)],
);

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

const auditColumns = () => ({
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
  type: text('type').$type<AuditType>().notNull().default('useraction'),
  targetName: text('target_name'),
  location: text('location'),
  logKey: text('log_key'),
  logParams: jsonb('log_params').$type<Record<string, string | number>>(),
  /** The acting user's organisation when the record was written. */
  organisationId: text('organisation_id'),
});

export const auditRecords = pgTable(
  'audit_records',
  { id: bigserial('id', { mode: 'number' }).primaryKey(), ...auditColumns() },
  (table) => [
    index('audit_records_at_idx').on(table.at),
    index('audit_records_action_target_idx').on(table.action, table.target, table.at),
    index('audit_records_action_address_idx').on(table.action, table.address, table.at),
    index('audit_records_type_at_idx').on(table.type, table.at),
    index('audit_records_organisation_at_idx').on(table.organisationId, table.at),
  ],
);

/** Audit records older than the archive age (the audit plugin's archive job moves them; `archive=yes` reads them). */
export const auditRecordsArchive = pgTable(
  'audit_records_archive',
  { id: bigint('id', { mode: 'number' }).primaryKey(), ...auditColumns() },
  (table) => [
    index('audit_records_archive_at_idx').on(table.at),
    index('audit_records_archive_type_at_idx').on(table.type, table.at),
    index('audit_records_archive_organisation_at_idx').on(table.organisationId, table.at),
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

/** The calls of one caller key on one rate-limited route in the current window, shared by every instance. */
export const rateLimitHits = pgTable(
  'rate_limit_hits',
  {
    /** The route (method and URL pattern) and the caller's key (its address), e.g. `POST /api/auth/login 203.0.113.7`. */
    key: text('key').primaryKey(),
    hits: integer('hits').notNull(),
    windowEndsAt: timestamp('window_ends_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('rate_limit_hits_window_ends_at_idx').on(table.windowEndsAt)],
);

/** Every outgoing e-mail, written before delivery (core/server/mail.ts). */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    recipient: text('recipient').notNull(),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body'),
    status: text('status').$type<MailStatus>().notNull(),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    /** When a queued message is due; while `sending`, when the claim lapses and another run may retry it. */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /** Mailer.send's dedupKey: at most one message per key. */
    dedupKey: text('dedup_key'),
  },
  (table) => [
    index('mail_outbox_due_idx').on(table.status, table.nextAttemptAt),
    index('mail_outbox_created_idx').on(table.createdAt),
    uniqueIndex('mail_outbox_dedup_key_idx').on(table.dedupKey),
  ],
);

/** A login waiting for its second factor: made by a correct password, valid 10 minutes. */
export const loginChallenges = pgTable(
  'login_challenges',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The address that gave the password: only it may ask for and check the code. */
    address: text('address').notNull(),
    rememberMe: boolean('remember_me').notNull().default(false),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    channel: text('channel'),
    /** HMAC of the current one-time code; null when none was sent or it was used up. */
    codeHash: text('code_hash'),
    codeExpiresAt: timestamp('code_expires_at', { withTimezone: true }),
    codeSentAt: timestamp('code_sent_at', { withTimezone: true }),
    tries: integer('tries').notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.userId, table.address] })],
);

/** Companies that signed up (sign-up's company information); an si-customer's users carry its id as organisation_id. */
export const organisations = pgTable('organisations', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  size: text('size').notNull().default(''),
  role: text('role').notNull().default(''),
  /** The end customer made for an end_user sign-up; null for si-customer organisations. */
  endCustomerId: text('end_customer_id'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** An organisation's device password for the embedded MQTT broker (its username is the organisation id). */
export const mqttCredentials = pgTable('mqtt_credentials', {
  organisationId: text('organisation_id')
    .primaryKey()
    .references(() => organisations.id, { onDelete: 'cascade' }),
  /** `scrypt$<salt>$<key>` (base64url); the password itself is shown once and never stored. */
  passwordHash: text('password_hash').notNull(),
  rotatedAt: timestamp('rotated_at', { withTimezone: true }).notNull().defaultNow(),
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

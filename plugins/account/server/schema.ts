import { bigserial, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

// The plugin's own tables (migrations.ts). Core's accounts and organisations are reached through core's services.

/** A sign-up waiting for its e-mail code, then for the company information. Identified by a random token (hashed). */
export const signups = pgTable('account_signups', {
  id: uuid('id').primaryKey().defaultRandom(),
  tokenHash: text('token_hash').notNull().unique(),
  email: text('email').notNull(),
  /** argon2id, as core's users.password_hash: it becomes the account's password hash unchanged. */
  passwordHash: text('password_hash').notNull(),
  /** HMAC of the current code; null once verified. */
  codeHash: text('code_hash'),
  codeExpiresAt: timestamp('code_expires_at', { withTimezone: true }).notNull(),
  codeSentAt: timestamp('code_sent_at', { withTimezone: true }).notNull().defaultNow(),
  tries: integer('tries').notNull().default(0),
  verifiedAt: timestamp('verified_at', { withTimezone: true }),
  /** SHA-256 of the proof the verify step answered: the company step must carry it. */
  proofHash: text('proof_hash').unique(),
  completedAt: timestamp('completed_at', { withTimezone: true }),
  /** The pending sign-up is forgotten after this (24 hours). */
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A wrong sign-up code, by e-mail and address: throttling counts them across codes and pending sign-ups. */
export const codeFailures = pgTable(
  'account_code_failures',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    email: text('email').notNull(),
    address: text('address').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('account_code_failures_email_idx').on(table.email, table.at),
    index('account_code_failures_address_idx').on(table.address, table.at),
  ],
);

/** A password-reset link: the token is stored as its SHA-256, used once, expiring. */
export const passwordResets = pgTable('account_password_resets', {
  tokenHash: text('token_hash').primaryKey(),
  userId: uuid('user_id').notNull(),
  email: text('email').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const accountSecret = pgTable('account_secret', {
  id: integer('id').primaryKey(),
  secret: text('secret').notNull(),
});

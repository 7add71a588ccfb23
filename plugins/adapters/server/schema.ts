import { integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** The tables of server/migrations.ts, typed for queries; change both together. */
export const adaptersScripts = pgTable('adapters_scripts', {
  id: uuid('id').primaryKey().defaultRandom(),
  targetKind: text('target_kind').notNull().$type<'profile' | 'item'>(),
  targetId: uuid('target_id').notNull(),
  appId: text('app_id'),
  currentVersion: integer('current_version').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const adaptersVersions = pgTable('adapters_versions', {
  id: uuid('id').primaryKey().defaultRandom(),
  scriptId: uuid('script_id').notNull(),
  version: integer('version').notNull(),
  source: text('source').notNull(),
  authorId: text('author_id'),
  authorName: text('author_name').notNull(),
  restoredFrom: integer('restored_from'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

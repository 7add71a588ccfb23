import { boolean, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { WidgetDefinition } from '../common';

/** The tables of server/migrations.ts, typed for queries; change both together. */
export const dashboards = pgTable('dashboards', {
  id: uuid('id').primaryKey().defaultRandom(),
  appId: text('app_id').notNull(),
  name: text('name').notNull(),
  isMain: boolean('is_main').notNull().default(false),
  themeId: uuid('theme_id'),
  widgets: jsonb('widgets').$type<WidgetDefinition[]>().notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const dashboardShareLinks = pgTable('dashboards_share_links', {
  id: uuid('id').primaryKey().defaultRandom(),
  dashboardId: uuid('dashboard_id').notNull(),
  appId: text('app_id').notNull(),
  createdBy: text('created_by'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  revokedAt: timestamp('revoked_at', { withTimezone: true }),
});

export const dashboardShareSecret = pgTable('dashboards_share_secret', {
  id: integer('id').primaryKey(),
  secret: text('secret').notNull(),
});

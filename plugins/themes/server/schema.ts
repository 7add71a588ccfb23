import { jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { DashboardTheme } from '../common';

export const themeProfiles = pgTable('theme_profiles', {
  id: text('id').primaryKey(),
  /** The si-customer organisation that owns the theme; null for the operator's own. */
  organisationId: text('organisation_id'),
  name: text('name').notNull(),
  description: text('description').notNull().default(''),
  themeName: text('theme_name').notNull(),
  dashboard: jsonb('dashboard').$type<DashboardTheme>().notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

import { pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** The table of server/migrations.ts, typed for queries; change both together. */
export const costManagementItems = pgTable('cost_management_items', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

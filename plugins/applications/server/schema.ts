import { jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

export const endCustomers = pgTable('end_customers', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  /** The si-customer organisation that owns this end customer; null for the operator's own. */
  organisationId: text('organisation_id'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const applications = pgTable('applications', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  description: text('description').notNull().default(''),
  logo: text('logo'),
  endCustomerId: text('end_customer_id')
    .notNull()
    .references(() => endCustomers.id),
  setting: jsonb('setting').$type<Record<string, unknown>>().notNull().default({}),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

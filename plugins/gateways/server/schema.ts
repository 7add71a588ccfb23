import { boolean, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { GatewayType } from '../common';

/** The table of server/migrations.ts (002), typed for queries; change both together. */
export const gateways = pgTable('gateways', {
  id: uuid('id').primaryKey().defaultRandom(),
  organisationId: text('organisation_id'),
  name: text('name').notNull(),
  description: text('description').notNull().default(''),
  type: text('type').$type<GatewayType>().notNull().default('chirpstack'),
  /** Upper-case hex. */
  gatewayId: text('gateway_id').notNull(),
  remark: text('remark').notNull().default(''),
  /** Whether it was created at its network server too (the API was configured when it was added). */
  synced: boolean('synced').notNull().default(false),
  latestPackageUpdate: timestamp('latest_package_update', { withTimezone: true }),
  /** When the status monitor found it offline; null while online or never seen. */
  offlineSince: timestamp('offline_since', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

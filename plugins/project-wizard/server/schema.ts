import { jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import type { FieldGenerator } from '@sensorium/core/server';

/** The tables of server/migrations.ts, typed for queries; change both together. */

/** What the wizard was told about each project it created (the application itself is the applications plugin's). */
export const projects = pgTable('project_wizard_projects', {
  appId: text('app_id').primaryKey(),
  startInfo: text('start_info').notNull(),
  templateId: text('template_id'),
  locationType: text('location_type').notNull(),
  buildingName: text('building_name').notNull().default(''),
  address: text('address').notNull().default(''),
  createdBy: text('created_by').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The devices a template's project was given, with how the demo simulation moves their fields. */
export const projectDevices = pgTable(
  'project_wizard_devices',
  {
    source: text('source').notNull(),
    deviceId: text('device_id').notNull(),
    appId: text('app_id').notNull(),
    kind: text('kind').notNull(),
    generators: jsonb('generators').$type<Record<string, FieldGenerator>>().notNull(),
  },
  (table) => [primaryKey({ columns: [table.source, table.deviceId] })],
);

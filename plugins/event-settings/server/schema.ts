import { boolean, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { RuleActions, RuleConditions, TimeSlot } from '../common';

/** The tables of server/migrations.ts, typed for queries; change both together. */
export const eventSettingsRules = pgTable('event_settings_rules', {
  id: uuid('id').primaryKey().defaultRandom(),
  appId: text('app_id').notNull(),
  seq: integer('seq').notNull().generatedAlwaysAsIdentity(),
  name: text('name').notNull(),
  severity: integer('severity').notNull(),
  description: text('description').notNull().default(''),
  enabled: boolean('enabled').notNull().default(true),
  instantClear: boolean('instant_clear').notNull().default(false),
  autoClear: boolean('auto_clear').notNull().default(false),
  conditions: jsonb('conditions').$type<RuleConditions>().notNull(),
  actions: jsonb('actions').$type<RuleActions>().notNull(),
  timeSlots: jsonb('time_slots').$type<TimeSlot[]>().notNull().default([]),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const eventSettingsPending = pgTable(
  'event_settings_pending',
  {
    ruleId: uuid('rule_id').notNull(),
    scope: text('scope').notNull(),
    itemUuid: uuid('item_uuid').notNull(),
    enteredAt: timestamp('entered_at', { withTimezone: true }).notNull(),
    openedAt: timestamp('opened_at', { withTimezone: true }),
  },
  (table) => [primaryKey({ columns: [table.ruleId, table.scope] })],
);

import { boolean, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { MissionAction, MissionTimeSlot, RunCommandResult, RunStatus } from '../common';

/** The tables of server/migrations.ts, typed for queries; change both together. */
export const timerMissions = pgTable('timer_missions', {
  id: uuid('id').primaryKey().defaultRandom(),
  appId: text('app_id').notNull(),
  missionName: text('mission_name').notNull(),
  description: text('description').notNull().default(''),
  isEnabled: boolean('is_enabled').notNull().default(true),
  actions: jsonb('actions').$type<MissionAction[]>().notNull(),
  timeslots: jsonb('timeslots').$type<MissionTimeSlot[]>().notNull(),
  checkedUntil: timestamp('checked_until', { withTimezone: true }).notNull().defaultNow(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const timerMissionRuns = pgTable('timer_missions_runs', {
  id: uuid('id').primaryKey().defaultRandom(),
  missionId: uuid('mission_id').notNull(),
  appId: text('app_id').notNull(),
  scheduledAt: timestamp('scheduled_at', { withTimezone: true }).notNull(),
  slotIndex: integer('slot_index').notNull(),
  status: text('status').$type<RunStatus>().notNull(),
  results: jsonb('results').$type<RunCommandResult[]>().notNull(),
  ranAt: timestamp('ran_at', { withTimezone: true }).notNull().defaultNow(),
});

export const timerMissionAppSettings = pgTable('timer_missions_app_settings', {
  appId: text('app_id').primaryKey(),
  timeZone: text('time_zone'),
  holidays: jsonb('holidays').$type<string[]>().notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

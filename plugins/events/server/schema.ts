import { bigserial, boolean, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { EventActions, EventActor, EventHistoryKind, EventNodeInfo, EventStatus } from '../common';

/** Events raised by colour ranges (Event entity); at most one open (not cleared) per item, field and range. */
export const nodeEvents = pgTable('node_events', {
  id: uuid('id').primaryKey().defaultRandom(),
  appId: text('app_id').notNull(),
  itemUuid: uuid('item_uuid').notNull(),
  itemName: text('item_name').notNull(),
  field: text('field').notNull(),
  rangeIndex: integer('range_index').notNull(),
  rangeName: text('range_name').notNull().default(''),
  severity: integer('severity').notNull().default(0),
  description: text('description').notNull().default(''),
  eventType: text('event_type').notNull().default('device'),
  generatedAt: timestamp('generated_at', { withTimezone: true }).notNull().defaultNow(),
  location: text('location').notNull().default(''),
  node: jsonb('node').$type<EventNodeInfo>().notNull().default({ itemDisplayName: '', itemName: '' }),
  value: text('value'),
  unit: text('unit'),
  rangeStatus: text('range_status'),
  resumeStatus: text('resume_status'),
  eventStatus: text('event_status').$type<EventStatus>().notNull().default('created'),
  isAcknowledged: boolean('is_acknowledged').notNull().default(false),
  acknowledgedBy: text('acknowledged_by'),
  acknowledgedAt: timestamp('acknowledged_at', { withTimezone: true }),
  isCleared: boolean('is_cleared').notNull().default(false),
  clearedBy: text('cleared_by'),
  clearedAt: timestamp('cleared_at', { withTimezone: true }),
  additionalInfo: text('additional_info').notNull().default(''),
  equipmentName: text('equipment_name').notNull().default(''),
  actions: jsonb('actions').$type<EventActions>().notNull().default({}),
  ruleId: uuid('rule_id'),
  /** What a subject event is about (`gateway:<uuid>`), for events not raised by an item; null for the items' events. */
  subject: text('subject'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** One row per transition of an event (created, updated, acknowledged, cleared, auto-cleared) and per notification sent. */
export const eventsHistory = pgTable('events_history', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  eventId: uuid('event_id').notNull(),
  at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  kind: text('kind').$type<EventHistoryKind>().notNull(),
  actorKind: text('actor_kind').$type<EventActor['kind']>().notNull(),
  actorId: text('actor_id'),
  actorLabel: text('actor_label').notNull(),
  comment: text('comment'),
  detail: jsonb('detail').$type<Record<string, unknown>>().notNull().default({}),
});

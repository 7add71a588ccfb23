import {
  bigserial,
  boolean,
  doublePrecision,
  integer,
  json,
  jsonb,
  pgTable,
  text,
  timestamp,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import type { FieldPreference } from '../common/field-preference';
import type { GeoInfo, ItemDataSource, ItemType, NodeStatus } from '../common/types';

/** Nodes and items of every application (migration 001); parents before children by parent_uuid. */
export const nodeItems = pgTable('node_items', {
  uuid: uuid('uuid').primaryKey().defaultRandom(),
  appId: text('app_id').notNull(),
  itemName: text('item_name').notNull(),
  displayName: text('display_name').notNull().default(''),
  description: text('description').notNull().default(''),
  itemType: text('item_type').$type<ItemType>().notNull(),
  parentUuid: uuid('parent_uuid').references((): AnyPgColumn => nodeItems.uuid, { onDelete: 'cascade' }),
  position: integer('position').notNull().default(0),
  enable: boolean('enable').notNull().default(true),
  connection: boolean('connection').notNull().default(false),
  lastReceiveDate: timestamp('last_receive_date', { withTimezone: true }),
  lastValidDate: timestamp('last_valid_date', { withTimezone: true }),
  input: jsonb('input').$type<Record<string, FieldPreference>>().notNull().default({}),
  outputSimple: jsonb('output_simple').$type<Record<string, unknown>>().notNull().default({}),
  status: jsonb('status').$type<NodeStatus>().notNull().default({ severity: 0, eventSeverity: 0, fieldStatus: {} }),
  dataSource: jsonb('data_source').$type<ItemDataSource>().notNull().default({}),
  geoInfo: jsonb('geo_info').$type<GeoInfo>().notNull().default({ tags: [] }),
  /** Processing state (debounce windows, pending auto resets): owned by the ingest. */
  runtime: jsonb('runtime').$type<Record<string, unknown>>().notNull().default({}),
  /** dataSource.type and the lower-case dataSource.deviceEUI, kept in sync by the ItemRepository. */
  sourceType: text('source_type'),
  deviceId: text('device_id'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export type NodeItemRow = typeof nodeItems.$inferSelect;

/** Every uplink as received (spec 3.6), deduplicated by (source, dedup_key). */
export const rawData = pgTable('raw_data', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  appId: text('app_id'),
  itemUuid: uuid('item_uuid'),
  itemName: text('item_name'),
  source: text('source').notNull(),
  dedupKey: text('dedup_key').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  receivedAt: timestamp('received_at', { withTimezone: true }),
  raw: json('raw'),
  payload: json('payload').$type<{
    deviceData?: Record<string, unknown>;
    processed?: Record<string, unknown>;
    meta?: Record<string, unknown>;
  }>(),
});

/** Per-field values over time, for charts (items whose store history is on). */
export const fieldHistory = pgTable('field_history', {
  itemUuid: uuid('item_uuid').notNull(),
  field: text('field').notNull(),
  at: timestamp('at', { withTimezone: true }).notNull(),
  value: doublePrecision('value'),
  textValue: text('text_value'),
});

export interface EventNodeInfo {
  itemDisplayName: string;
  itemName: string;
  signal?: string;
  value?: string;
  unit?: string;
  rangeStatus?: string;
  displayName?: string;
}

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
  eventStatus: text('event_status').$type<'created' | 'acked' | 'cleared'>().notNull().default('created'),
  isAcknowledged: boolean('is_acknowledged').notNull().default(false),
  acknowledgedBy: text('acknowledged_by'),
  acknowledgedAt: timestamp('acknowledged_at', { withTimezone: true }),
  isCleared: boolean('is_cleared').notNull().default(false),
  clearedBy: text('cleared_by'),
  clearedAt: timestamp('cleared_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Notification contacts of an application (spec 3.3 Contact). */
export const contacts = pgTable('contacts', {
  id: uuid('id').primaryKey().defaultRandom(),
  appId: text('app_id').notNull(),
  name: text('name').notNull(),
  smsNum: text('sms_num').notNull().default(''),
  phone: text('phone').notNull().default(''),
  email: text('email').notNull().default(''),
  department: text('department').notNull().default(''),
  post: text('post').notNull().default(''),
  smsEnable: boolean('sms_enable').notNull().default(true),
  phoneEnable: boolean('phone_enable').notNull().default(true),
  emailEnable: boolean('email_enable').notNull().default(true),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

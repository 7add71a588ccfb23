import { boolean, integer, jsonb, pgTable, text, timestamp, uuid, type AnyPgColumn } from 'drizzle-orm/pg-core';
import type { FieldPreference } from '../common/field-preference';
import type { SourceError } from '../common/source-errors';
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
  /** Processing state (debounce windows, pending auto resets): written by the device pipeline (ItemStateStore). */
  runtime: jsonb('runtime').$type<Record<string, unknown>>().notNull().default({}),
  /** dataSource.type and the lower-case dataSource.deviceEUI, kept in sync by ItemCrud (deviceKeyOf); see device-binding. */
  sourceType: text('source_type'),
  deviceId: text('device_id'),
  /** applicationKey of dataSource.application: the device server's application the device is bound in (deviceKeyOf). */
  deviceApplication: text('device_application'),
  /** The last failure of a source that fetches its data itself (ItemSourceErrors); null once it answered again. */
  sourceError: jsonb('source_error').$type<SourceError>(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export type NodeItemRow = typeof nodeItems.$inferSelect;

import { bigserial, doublePrecision, integer, json, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * Every uplink as received (spec 3.6), partitioned by day of created_at (retention/partitions.ts). Deduplicated by
 * (source, dedup_key) through rawKeys: a partitioned table cannot hold that unique index itself. `id` comes from a
 * sequence, unique but not indexed (nothing looks a row up by it; the search orders by created_at, then id).
 */
export const rawData = pgTable('raw_data', {
  id: bigserial('id', { mode: 'number' }).notNull(),
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

/** The dedup key of every raw row, with the row's created_at: the ingest stores a row only when its key is new. */
export const rawKeys = pgTable(
  'device_pipeline_raw_keys',
  {
    source: text('source').notNull(),
    dedupKey: text('dedup_key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.source, table.dedupKey] })],
);

/** Per-field values over time, for charts (items whose store history is on); partitioned by day of `at`. */
export const fieldHistory = pgTable('field_history', {
  itemUuid: uuid('item_uuid').notNull(),
  field: text('field').notNull(),
  at: timestamp('at', { withTimezone: true }).notNull(),
  value: doublePrecision('value'),
  textValue: text('text_value'),
});

/** How long an application keeps its raw data and field history, in days; null (and no row) keeps them forever. */
export const applicationRetention = pgTable('device_pipeline_retention', {
  appId: text('app_id').primaryKey(),
  rawDays: integer('raw_days'),
  historyDays: integer('history_days'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A field's own history retention in days (null: forever), instead of its application's. */
export const fieldRetention = pgTable(
  'device_pipeline_field_retention',
  {
    itemUuid: uuid('item_uuid').notNull(),
    field: text('field').notNull(),
    appId: text('app_id').notNull(),
    historyDays: integer('history_days'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.itemUuid, table.field] })],
);

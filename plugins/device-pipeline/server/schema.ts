import { bigserial, doublePrecision, json, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

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

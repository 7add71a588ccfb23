import type { Migration } from '@sensorium/core/server';
import { partitionHistory } from './retention/partition-migration';

/**
 * raw_data and field_history, made by the nodes plugin before this plugin existed: each step replaces the nodes step
 * that made the same, so a database where nodes made them keeps them, and a new database runs these. Step 003 made
 * node_events, which the events plugin owns now (its step 001 replaces it).
 */
export const migrations: Migration[] = [
  {
    id: '001-create-raw-data',
    replaces: { pluginId: 'nodes', migrationIds: ['002-create-raw-data'] },
    sql: `
      CREATE TABLE raw_data (
        id bigserial PRIMARY KEY,
        app_id text,
        item_uuid uuid NULL,
        item_name text,
        source text NOT NULL,
        dedup_key text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        received_at timestamptz,
        raw jsonb,
        payload jsonb,
        CONSTRAINT raw_data_dedup UNIQUE (source, dedup_key)
      );
      CREATE INDEX raw_data_app_created ON raw_data (app_id, created_at);
      CREATE INDEX raw_data_item_created ON raw_data (item_uuid, created_at);
    `,
  },
  {
    id: '002-create-field-history',
    replaces: { pluginId: 'nodes', migrationIds: ['003-create-field-history'] },
    sql: `
      CREATE TABLE field_history (
        item_uuid uuid NOT NULL,
        field text NOT NULL,
        at timestamptz NOT NULL,
        value double precision NULL,
        text_value text NULL
      );
      CREATE INDEX field_history_item_field_at ON field_history (item_uuid, field, at);
    `,
  },
  {
    // Nothing queries inside a raw row (the raw data search and its Excel export read raw and payload whole), so they
    // are stored as json: checked and kept as sent, where jsonb is rebuilt into its binary form on every insert (the
    // ingest's largest single cost).
    id: '004-raw-data-json',
    replaces: { pluginId: 'nodes', migrationIds: ['007-raw-data-json'] },
    sql: `
      ALTER TABLE raw_data ALTER COLUMN raw TYPE json USING raw::json, ALTER COLUMN payload TYPE json USING payload::json;
    `,
  },
  {
    // Uplinks and messages that can never be stored, kept for the operator instead of blocking their batch.
    id: '005-create-dead-letters',
    sql: `
      CREATE TABLE dead_letters (
        id bigserial PRIMARY KEY,
        created_at timestamptz NOT NULL DEFAULT now(),
        source text NOT NULL,
        origin text NOT NULL,
        reason text NOT NULL,
        detail text NOT NULL DEFAULT '',
        payload text NOT NULL,
        payload_bytes integer NOT NULL,
        app_id text NULL,
        organisation_id text NULL
      );
    `,
  },
  // Raw data and field history partitioned by day, their dedup keys in a table of their own, and the retention settings
  // (docs/retention.md).
  partitionHistory,
  {
    // The charts read an item's points of a period: one point per heap page (devices interleave), so a week of three
    // fields read some 2,400 pages. With the values in the index it is an index-only scan of a few pages a day.
    id: '007-field-history-covering-index',
    sql: `
      CREATE INDEX field_history_item_field_at_values ON field_history (item_uuid, field, at) INCLUDE (value, text_value);
      DROP INDEX field_history_item_field_at;
    `,
  },
];

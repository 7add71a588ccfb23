import type { Migration } from '@sensorium/core/server';

/**
 * raw_data, field_history and node_events, made by the nodes plugin before this plugin existed: each step replaces the
 * nodes step that made the same, so a database where nodes made them keeps them, and a new database runs these.
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
    id: '003-create-node-events',
    replaces: { pluginId: 'nodes', migrationIds: ['004-create-node-events'] },
    sql: `
      CREATE TABLE node_events (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        app_id text NOT NULL,
        item_uuid uuid NOT NULL,
        item_name text NOT NULL,
        field text NOT NULL,
        range_index integer NOT NULL,
        range_name text NOT NULL DEFAULT '',
        severity integer NOT NULL DEFAULT 0,
        description text NOT NULL DEFAULT '',
        event_type text NOT NULL DEFAULT 'device',
        generated_at timestamptz NOT NULL DEFAULT now(),
        location text NOT NULL DEFAULT '',
        node jsonb NOT NULL DEFAULT '{}',
        value text,
        unit text,
        range_status text,
        resume_status text NULL,
        event_status text NOT NULL DEFAULT 'created' CHECK (event_status IN ('created', 'acked', 'cleared')),
        is_acknowledged boolean NOT NULL DEFAULT false,
        acknowledged_by text,
        acknowledged_at timestamptz,
        is_cleared boolean NOT NULL DEFAULT false,
        cleared_by text,
        cleared_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE UNIQUE INDEX node_events_open ON node_events (item_uuid, field, range_index) WHERE NOT is_cleared;
      CREATE INDEX node_events_app_generated ON node_events (app_id, generated_at);
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
];

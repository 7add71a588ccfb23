import type { Migration } from '@sensorium/core/server';

/**
 * raw_data and field_history become tables partitioned by day (raw rows by created_at, history by at), so that retention
 * drops whole days and a query by time reads only the days it asks for (docs/retention.md). The existing tables are not
 * copied: each is attached, rows and indexes as they are, as the partition of everything before the end of the current
 * day (or of its newest row), and the server creates the daily partitions after it at every start and hourly
 * (retention/partitions.ts). A default partition takes a row no other partition covers, so an insert never fails.
 *
 * A unique index on a partitioned table must contain the partition key, so the dedup key of raw rows moves to a table of
 * its own, device_pipeline_raw_keys, with the raw row's created_at: the ingest inserts the key first and the raw row only
 * when the key was new, exactly as the unique index did, and a key goes when its raw row goes. Raw rows keep one index,
 * (app_id, created_at, item_name): the search by device name no longer reads the rows of other devices, and nothing
 * queries raw rows by item uuid or id. Attaching the former tables builds the indexes they lack (raw rows: this one).
 */
export const partitionHistory: Migration = {
  id: '006-partition-raw-data-and-history',
  sql: `
    CREATE TABLE device_pipeline_raw_keys (
      source text NOT NULL,
      dedup_key text NOT NULL,
      created_at timestamptz NOT NULL
    );
    -- In time order, so the block range index on created_at stays narrow.
    INSERT INTO device_pipeline_raw_keys (source, dedup_key, created_at)
      SELECT source, dedup_key, created_at FROM raw_data ORDER BY created_at;
    ALTER TABLE device_pipeline_raw_keys ADD CONSTRAINT device_pipeline_raw_keys_pkey PRIMARY KEY (source, dedup_key);
    CREATE INDEX device_pipeline_raw_keys_created ON device_pipeline_raw_keys USING brin (created_at);

    ALTER TABLE raw_data RENAME TO device_pipeline_raw_data_legacy;
    ALTER TABLE device_pipeline_raw_data_legacy
      DROP CONSTRAINT IF EXISTS raw_data_dedup,
      DROP CONSTRAINT IF EXISTS raw_data_pkey,
      ALTER COLUMN id SET NOT NULL,
      ALTER COLUMN id DROP DEFAULT;
    DROP INDEX IF EXISTS raw_data_item_created, raw_data_app_created;
    CREATE TABLE raw_data (
      id bigint NOT NULL DEFAULT nextval('raw_data_id_seq'),
      app_id text,
      item_uuid uuid NULL,
      item_name text,
      source text NOT NULL,
      dedup_key text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      received_at timestamptz,
      raw json,
      payload json
    ) PARTITION BY RANGE (created_at);
    -- The ids go on from the old table's sequence, which must outlive that table's partition.
    ALTER SEQUENCE raw_data_id_seq OWNED BY raw_data.id;
    -- One index serves the search with and without device names (checked in the index, no row read for another
    -- device): a second one, by name first, cost the ingest more than the dedup keys' table (docs/retention.md).
    CREATE INDEX raw_data_app_created_name ON raw_data (app_id, created_at, item_name);

    ALTER TABLE field_history RENAME TO device_pipeline_field_history_legacy;
    ALTER INDEX field_history_item_field_at RENAME TO device_pipeline_field_history_legacy_item_field_at;
    CREATE TABLE field_history (
      item_uuid uuid NOT NULL,
      field text NOT NULL,
      at timestamptz NOT NULL,
      value double precision NULL,
      text_value text NULL
    ) PARTITION BY RANGE (at);
    CREATE INDEX field_history_item_field_at ON field_history (item_uuid, field, at);

    DO $$
    DECLARE
      raw_end timestamptz := date_trunc('day', greatest(now(), (SELECT max(created_at) FROM device_pipeline_raw_data_legacy)), 'UTC')
        + interval '1 day';
      history_end timestamptz := date_trunc('day', greatest(now(), (SELECT max(at) FROM device_pipeline_field_history_legacy)), 'UTC')
        + interval '1 day';
    BEGIN
      EXECUTE format('ALTER TABLE raw_data ATTACH PARTITION device_pipeline_raw_data_legacy FOR VALUES FROM (MINVALUE) TO (%L)', raw_end);
      EXECUTE format('ALTER TABLE field_history ATTACH PARTITION device_pipeline_field_history_legacy FOR VALUES FROM (MINVALUE) TO (%L)', history_end);
    END $$;
    CREATE TABLE device_pipeline_raw_data_default PARTITION OF raw_data DEFAULT;
    CREATE TABLE device_pipeline_field_history_default PARTITION OF field_history DEFAULT;

    -- Retention (days; null keeps forever). No row: keep forever.
    CREATE TABLE device_pipeline_retention (
      app_id text PRIMARY KEY,
      raw_days integer NULL,
      history_days integer NULL,
      updated_at timestamptz NOT NULL DEFAULT now()
    );
    -- A field's own history retention (null keeps forever); no row: the application's.
    CREATE TABLE device_pipeline_field_retention (
      item_uuid uuid NOT NULL,
      field text NOT NULL,
      app_id text NOT NULL,
      history_days integer NULL,
      updated_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (item_uuid, field)
    );
    CREATE INDEX device_pipeline_field_retention_app ON device_pipeline_field_retention (app_id);
  `,
};

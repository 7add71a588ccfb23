import { sql } from 'drizzle-orm';
import { chunks, jsonParam, queryRows, type SqlExecutor } from '@sensorium/core/server';

export interface RawRow {
  app: string;
  item: string;
  name: string;
  source: string;
  key: string;
  at: string;
  raw: unknown;
  payload: unknown;
}

/**
 * Inserts raw rows; returns the `${source}\0${dedupKey}` of the rows that were new (redeliveries are skipped). The dedup
 * key goes first into device_pipeline_raw_keys, whose primary key refuses one stored before (also by a transaction
 * running at the same time, which it waits for), and only the rows whose key was new are stored: raw_data is
 * partitioned by time and cannot hold a unique index on (source, dedup_key) itself. Key and row share created_at.
 */
export async function insertRawRows(tx: SqlExecutor, rows: readonly RawRow[]): Promise<Set<string>> {
  const inserted = new Set<string>();
  for (const part of chunks(rows)) {
    const returned = await queryRows<{ source: string; dedup_key: string }>(
      tx,
      sql`WITH x AS MATERIALIZED (
            SELECT * FROM json_to_recordset(${jsonParam(part)})
              AS x(app text, item uuid, name text, source text, key text, at timestamptz, raw json, payload json)
          ), fresh AS (
            INSERT INTO device_pipeline_raw_keys (source, dedup_key, created_at) SELECT x.source, x.key, now() FROM x
            ON CONFLICT DO NOTHING
            RETURNING source, dedup_key
          )
          INSERT INTO raw_data (app_id, item_uuid, item_name, source, dedup_key, received_at, raw, payload)
          SELECT x.app, x.item, x.name, x.source, x.key, x.at, x.raw, x.payload
          FROM x JOIN fresh ON fresh.source = x.source AND fresh.dedup_key = x.key
          RETURNING source, dedup_key`,
    );
    for (const row of returned) inserted.add(`${row.source}\u0000${row.dedup_key}`);
  }
  return inserted;
}

import { sql, type SQL } from 'drizzle-orm';
import { chunks, jsonParam } from '@sensorium/core/server';

/** One field value for the charts (field_history), in the batch's compact JSON form. */
export interface HistoryRow {
  u: string;
  f: string;
  t: string;
  v: number | null;
  tv: string | null;
}

/**
 * The batch's history as one insert per 10k rows. They ride along with the item updates (ItemStateStore.write) as WITH
 * clauses: one round trip less per batch.
 */
export function historyInserts(history: readonly HistoryRow[]): SQL[] {
  return chunks(history).map(
    (part) => sql`INSERT INTO field_history (item_uuid, field, at, value, text_value)
      SELECT x.u, x.f, x.t, x.v, x.tv
      FROM json_to_recordset(${jsonParam(part)}) AS x(u uuid, f text, t timestamptz, v float8, tv text)`,
  );
}

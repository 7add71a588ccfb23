import { sql } from 'drizzle-orm';
import { chunks, jsonParam, type SqlExecutor } from '@sensorium/core/server';
import type { EventActor, EventHistoryKind } from '../common';

/** One events_history row to write. */
export interface HistoryRow {
  eventId: string;
  kind: EventHistoryKind;
  actor: EventActor;
  comment?: string | null;
  detail?: Record<string, unknown>;
  /** When it happened (ISO); now when absent. */
  at?: string;
}

/** Writes history rows in the caller's transaction, one statement per 10,000 rows. */
export async function writeHistory(tx: SqlExecutor, rows: readonly HistoryRow[]): Promise<void> {
  const values = rows.map((row) => ({
    e: row.eventId,
    at: row.at ?? null,
    k: row.kind,
    ak: row.actor.kind,
    ai: row.actor.id,
    al: row.actor.label,
    c: row.comment ?? null,
    d: row.detail ?? {},
  }));
  for (const part of chunks(values)) {
    await tx.execute(sql`
      INSERT INTO events_history (event_id, at, kind, actor_kind, actor_id, actor_label, comment, detail)
      SELECT x.e, COALESCE(x.at, now()), x.k, x.ak, x.ai, x.al, x.c, COALESCE(x.d, '{}')
      FROM json_to_recordset(${jsonParam(part)}) AS x(e uuid, at timestamptz, k text, ak text, ai text, al text, c text, d jsonb)`);
  }
}

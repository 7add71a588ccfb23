import { sql, type SQL } from 'drizzle-orm';
import { chunks, jsonParam, type SqlExecutor } from '@sensorium/core/server';
import type { EventActor, EventHistoryKind, EventTransition, EventTransitionHook } from '../common';

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

/**
 * Writes history rows in the caller's transaction, one statement per 10,000 rows. Each of `alongside` (data-modifying
 * statements of the transition hooks) rides in the first of them as a WITH clause, or runs alone when there are no rows.
 */
export async function writeHistory(tx: SqlExecutor, rows: readonly HistoryRow[], alongside: readonly SQL[] = []): Promise<void> {
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
  const parts = chunks(values);
  if (parts.length === 0) for (const rider of alongside) await tx.execute(rider);
  for (const [index, part] of parts.entries()) {
    const riders = index === 0 ? alongside : [];
    const head =
      riders.length > 0
        ? sql`WITH ${sql.join(
            riders.map((rider, n) => sql`${sql.raw(`alongside${n}`)} AS (${rider})`),
            sql`, `,
          )} `
        : sql``;
    await tx.execute(sql`${head}
      INSERT INTO events_history (event_id, at, kind, actor_kind, actor_id, actor_label, comment, detail)
      SELECT x.e, COALESCE(x.at, now()), x.k, x.ak, x.ai, x.al, x.c, COALESCE(x.d, '{}')
      FROM json_to_recordset(${jsonParam(part)}) AS x(e uuid, at timestamptz, k text, ak text, ai text, al text, c text, d jsonb)`);
  }
}

/** Runs the transition hooks in order; answers the statements they left to ride along with the history insert. */
export async function runTransitionHooks(
  tx: SqlExecutor,
  hooks: readonly EventTransitionHook[],
  transitions: readonly EventTransition[],
): Promise<SQL[]> {
  const riders: SQL[] = [];
  for (const hook of hooks) riders.push(...((await hook(tx, transitions)) ?? []));
  return riders;
}

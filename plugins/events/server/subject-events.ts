import { sql } from 'drizzle-orm';
import { jsonParam, queryRows, type SqlExecutor } from '@sensorium/core/server';
import { SYSTEM_ACTOR, type EventRecord, type EventTransition, type SubjectEventInput } from '../common';
import { fromSqlRow, toEventRecord } from './event-row';
import { writeHistory } from './history';

const records = (rows: Record<string, unknown>[]) => rows.map((row) => toEventRecord(fromSqlRow(row)));

/**
 * Opens the subject's event in each application that has none open. The item_uuid of a subject event is derived from
 * its subject and application (md5 as a uuid: it names no item), so node_events_open holds one open per application and
 * a second raise, also from another server instance, meets the conflict and opens nothing.
 */
export async function openSubjectEvents(tx: SqlExecutor, input: SubjectEventInput): Promise<EventTransition[]> {
  const appIds = [...new Set(input.appIds)];
  if (appIds.length === 0) return [];
  const at = (input.at ?? new Date()).toISOString();
  const node = { itemDisplayName: input.name, itemName: input.name, rangeStatus: input.status };
  const rows = await queryRows<Record<string, unknown>>(
    tx,
    sql`
      INSERT INTO node_events (app_id, item_uuid, item_name, field, range_index, severity, description, event_type,
        generated_at, node, range_status, additional_info, equipment_name, subject)
      SELECT a.app_id, md5(${input.subject} || '/' || a.app_id)::uuid, ${input.name}, ${input.eventType}, 0, ${input.severity},
        ${input.description}, ${input.eventType}, ${at}::timestamptz, ${jsonParam(node)}::jsonb, ${input.status},
        ${input.additionalInfo ?? ''}, ${input.name}, ${input.subject}
      FROM json_array_elements_text(${jsonParam(appIds)}) AS a(app_id)
      ON CONFLICT (item_uuid, field, range_index) WHERE NOT is_cleared DO NOTHING
      RETURNING *`,
  );
  const events = records(rows);
  await writeHistory(
    tx,
    events.map((event) => ({ eventId: event.id, kind: 'created' as const, actor: SYSTEM_ACTOR, detail: {}, at })),
  );
  return events.map((event) => ({ kind: 'created', event, actor: SYSTEM_ACTOR, comment: null, detail: {} }));
}

/** Resumes and clears the subject's open events in every application (a range event with auto clear does the same). */
export async function closeSubjectEvents(
  tx: SqlExecutor,
  subject: string,
  resumeStatus: string,
  at: Date,
): Promise<EventTransition[]> {
  const when = at.toISOString();
  const rows = await queryRows<Record<string, unknown>>(
    tx,
    sql`
      UPDATE node_events SET resume_status = ${resumeStatus}, event_status = 'cleared', is_cleared = true,
        cleared_by = ${SYSTEM_ACTOR.label}, cleared_at = ${when}::timestamptz, updated_at = now()
      WHERE subject = ${subject} AND NOT is_cleared
      RETURNING *`,
  );
  const events: EventRecord[] = records(rows);
  const resumed = { reason: 'resume', resumeStatus };
  await writeHistory(
    tx,
    events.flatMap((event) => [
      { eventId: event.id, kind: 'updated' as const, actor: SYSTEM_ACTOR, detail: resumed, at: when },
      { eventId: event.id, kind: 'auto-cleared' as const, actor: SYSTEM_ACTOR, at: when },
    ]),
  );
  return events.flatMap((event): EventTransition[] => [
    { kind: 'updated', event, actor: SYSTEM_ACTOR, comment: null, detail: resumed },
    { kind: 'auto-cleared', event, actor: SYSTEM_ACTOR, comment: null, detail: {} },
  ]);
}

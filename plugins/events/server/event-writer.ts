import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { chunks, jsonParam, queryRows, type SqlExecutor } from '@sensorium/core/server';
import type { EventBatch, EventChange, EventItem } from '@sensorium/device-pipeline/common';
import { SYSTEM_ACTOR, type EventNodeInfo, type EventTransitionHook } from '../common';
import { fromSqlRow, toEventRecord } from './event-row';
import { runTransitionHooks, writeHistory } from './history';
import { stepDetail, transitionsOf, type EventBefore, type IngestStep } from './ingest-steps';
import type { nodeEvents } from './schema';

type CreateChange = Extract<EventChange, { kind: 'create' }>;
type LaterChange = Exclude<EventChange, CreateChange>;

/** What the batch's changes after a create (or to an event open before the batch) come to, and their steps. */
interface Outcome {
  /** The resume status was set (to `resume`, null after a reopen). */
  resumeSet: boolean;
  resume: string | null;
  /** The value of the last reopen (or of the create); null: unchanged. */
  value: string | null;
  /** Auto clear time (ISO). */
  cleared: string | null;
  steps: IngestStep[];
}

/** An event created in this batch (possibly resumed, reopened or cleared within it too). */
interface NewEvent extends Outcome {
  id: string;
  app: string;
  item: string;
  name: string;
  change: CreateChange;
}

/** An event that was open before the batch. */
interface ExistingEvent extends Outcome {
  item: string;
  field: string;
  rangeIndex: number;
}

/** An event the batch wrote, as the database answered it, with its steps. */
interface Written {
  row: typeof nodeEvents.$inferSelect;
  before: EventBefore | null;
  steps: IngestStep[];
}

const keyOf = (item: string, field: string, rangeIndex: number) => `${item}\u0000${field}\u0000${rangeIndex}`;

function record(outcome: Outcome, change: LaterChange): void {
  const at = change.at.toISOString();
  if (change.kind === 'clear') {
    outcome.cleared = at;
    outcome.steps.push({ kind: 'auto-cleared', at });
  } else if (change.kind === 'resume') {
    outcome.resumeSet = true;
    outcome.resume = change.resumeStatus;
    outcome.steps.push({ kind: 'updated', at, reason: 'resume', resumeStatus: change.resumeStatus, value: change.value });
  } else {
    outcome.resumeSet = true;
    outcome.resume = null;
    outcome.value = change.value;
    outcome.steps.push({ kind: 'updated', at, reason: 'reopen', value: change.value });
  }
}

/**
 * Collects the event changes of a batch in order and writes them set-based in the ingest transaction: updates of events
 * that were open before (resume, reopen, auto clear), inserts of new ones (which may already be resumed or cleared; one
 * meeting an open event of the same item, field and range updates that event instead), one history row per step, then
 * the transition hooks, called once with every transition of the batch.
 */
export class EventWriter implements EventBatch {
  private readonly created: NewEvent[] = [];
  /** Events created in this batch and still open, by item, field and range. */
  private readonly open = new Map<string, NewEvent>();
  private readonly existing = new Map<string, ExistingEvent>();
  /** Applications whose events changed. */
  readonly apps = new Set<string>();

  constructor(private readonly hooks: readonly EventTransitionHook[]) {}

  add(item: EventItem, change: EventChange): void {
    const key = keyOf(item.uuid, change.field, change.rangeIndex);
    this.apps.add(item.appId);
    if (change.kind === 'create') {
      const event: NewEvent = {
        id: randomUUID(),
        app: item.appId,
        item: item.uuid,
        name: item.itemName,
        change,
        resumeSet: false,
        resume: null,
        value: change.value,
        cleared: null,
        steps: [{ kind: 'created', at: change.generatedAt.toISOString(), value: change.value }],
      };
      this.created.push(event);
      this.open.set(key, event);
      return;
    }
    const mine = this.open.get(key);
    if (mine) {
      record(mine, change);
      if (mine.cleared) this.open.delete(key);
      return;
    }
    let existing = this.existing.get(key);
    if (!existing) {
      existing = {
        item: item.uuid,
        field: change.field,
        rangeIndex: change.rangeIndex,
        resumeSet: false,
        resume: null,
        value: null,
        cleared: null,
        steps: [],
      };
      this.existing.set(key, existing);
    }
    record(existing, change);
  }

  get size(): number {
    return this.created.length + this.existing.size;
  }

  async write(tx: SqlExecutor): Promise<void> {
    // Updates first: an event auto-cleared in this batch makes room for the new one of its range.
    const written = [...(await this.updateExisting(tx)), ...(await this.insertCreated(tx))];
    const transitions = written.flatMap(({ row, before, steps }) => transitionsOf(toEventRecord(row), before, steps));
    const riders = transitions.length > 0 ? await runTransitionHooks(tx, this.hooks, transitions) : [];
    await writeHistory(
      tx,
      written.flatMap(({ row, steps }) =>
        steps.map((step) => ({ eventId: row.id, kind: step.kind, actor: SYSTEM_ACTOR, detail: stepDetail(step), at: step.at })),
      ),
      riders,
    );
  }

  private async updateExisting(tx: SqlExecutor): Promise<Written[]> {
    const existing = [...this.existing.values()];
    const rows = existing.map((e, n) => ({
      n,
      u: e.item,
      f: e.field,
      i: e.rangeIndex,
      sr: e.resumeSet,
      rs: e.resume,
      v: e.value,
      c: e.cleared,
    }));
    const written: Written[] = [];
    for (const part of chunks(rows)) {
      // `o` is the event before this statement: the transitions replay the batch's steps from it. `NOT e.is_cleared`
      // again on the updated row: an event cleared by hand meanwhile stays cleared.
      const answered = await queryRows<Record<string, unknown>>(
        tx,
        sql`
        UPDATE node_events AS e SET
          resume_status = CASE WHEN x.sr THEN x.rs ELSE e.resume_status END,
          value = COALESCE(x.v, e.value),
          node = CASE WHEN x.v IS NULL THEN e.node ELSE jsonb_set(e.node, '{value}', to_jsonb(x.v)) END,
          is_cleared = x.c IS NOT NULL,
          cleared_at = x.c,
          cleared_by = CASE WHEN x.c IS NULL THEN e.cleared_by ELSE ${SYSTEM_ACTOR.label} END,
          event_status = CASE WHEN x.c IS NULL THEN e.event_status ELSE 'cleared' END,
          updated_at = now()
        FROM (
          SELECT x.*, o.id AS event_id, o.value AS ov, o.node AS onode, o.resume_status AS ors
          FROM json_to_recordset(${jsonParam(part)}) AS x(n int, u uuid, f text, i int, sr boolean, rs text, v text, c timestamptz)
          JOIN node_events o ON o.item_uuid = x.u AND o.field = x.f AND o.range_index = x.i AND NOT o.is_cleared
        ) AS x
        WHERE e.id = x.event_id AND NOT e.is_cleared
        RETURNING e.*, x.n AS batch_index, x.ov AS previous_value, x.onode AS previous_node, x.ors AS previous_resume_status`,
      );
      for (const raw of answered) {
        written.push({
          row: fromSqlRow(raw),
          before: {
            value: (raw.previous_value as string | null) ?? null,
            node: jsonObject<EventNodeInfo>(raw.previous_node),
            resumeStatus: (raw.previous_resume_status as string | null) ?? null,
          },
          steps: existing[Number(raw.batch_index)]!.steps,
        });
      }
    }
    return written;
  }

  private async insertCreated(tx: SqlExecutor): Promise<Written[]> {
    const byId = new Map(this.created.map((event) => [event.id, event]));
    const rows = this.created.map(({ id, app, item, name, change, resume, value, cleared }) => ({
      id,
      app,
      item,
      name,
      f: change.field,
      i: change.rangeIndex,
      rn: change.rangeName,
      sv: change.severity,
      d: change.description,
      et: change.eventType,
      g: change.generatedAt.toISOString(),
      l: change.location,
      nd: { ...change.node, value },
      v: value,
      un: change.unit,
      rs: change.rangeStatus,
      res: resume,
      c: cleared,
      ac: change.actions,
      ri: change.ruleId ?? null,
    }));
    const written: Written[] = [];
    for (const part of chunks(rows)) {
      const answered = await queryRows<Record<string, unknown>>(
        tx,
        sql`
        INSERT INTO node_events (id, app_id, item_uuid, item_name, field, range_index, range_name, severity, description,
          event_type, generated_at, location, node, value, unit, range_status, resume_status, event_status, is_cleared,
          cleared_by, cleared_at, actions, rule_id)
        SELECT x.id, x.app, x.item, x.name, x.f, x.i, x.rn, x.sv, x.d, x.et, x.g, x.l, x.nd, x.v, x.un, x.rs, x.res,
          CASE WHEN x.c IS NULL THEN 'created' ELSE 'cleared' END, x.c IS NOT NULL,
          CASE WHEN x.c IS NULL THEN NULL ELSE ${SYSTEM_ACTOR.label} END, x.c, COALESCE(x.ac, '{}'), x.ri
        FROM json_to_recordset(${jsonParam(part)}) AS x(id uuid, app text, item uuid, name text, f text, i int, rn text,
          sv int, d text, et text, g timestamptz, l text, nd jsonb, v text, un text, rs text, res text, c timestamptz, ac jsonb,
          ri uuid)
        ON CONFLICT (item_uuid, field, range_index) WHERE NOT is_cleared DO UPDATE SET
          value = EXCLUDED.value, node = EXCLUDED.node, resume_status = EXCLUDED.resume_status, updated_at = now()
        RETURNING *, (xmax = 0) AS inserted`,
      );
      for (const raw of answered) {
        const row = fromSqlRow(raw);
        const event = raw.inserted ? byId.get(row.id) : this.open.get(keyOf(row.itemUuid, row.field, row.rangeIndex));
        if (!event) continue;
        const [created, ...later] = event.steps;
        const steps: IngestStep[] = raw.inserted
          ? event.steps
          : [{ kind: 'updated', at: created!.at, reason: 'repeat', value: event.change.value }, ...later];
        written.push({ row, before: null, steps });
      }
    }
    return written;
  }
}

function jsonObject<T>(value: unknown): T {
  return (typeof value === 'string' ? JSON.parse(value) : (value ?? {})) as T;
}

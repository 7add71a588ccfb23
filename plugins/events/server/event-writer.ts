import { sql } from 'drizzle-orm';
import { chunks, jsonParam, type SqlExecutor } from '@sensorium/core/server';
import type { EventBatch, EventChange, EventItem } from '@sensorium/device-pipeline/common';

type CreateChange = Extract<EventChange, { kind: 'create' }>;

/** An event created in this batch (possibly resumed or cleared within it too). */
interface NewEvent {
  app: string;
  item: string;
  name: string;
  change: CreateChange;
  resume: string | null;
  cleared: string | null;
}

/** Update of an event that was open before the batch. */
interface ExistingEventUpdate {
  u: string;
  f: string;
  i: number;
  sr: boolean;
  rs: string | null;
  c: string | null;
}

/** Who clears an event when its range allows auto clear. */
export const AUTO_CLEARED_BY = 'system';

/**
 * Collects the event changes of a batch in order and writes them with two statements: updates of events that were open
 * before (resume, reopen, auto clear), then inserts of new ones (which may already be resumed or cleared).
 */
export class EventWriter implements EventBatch {
  private readonly created: NewEvent[] = [];
  private readonly open = new Map<string, NewEvent>();
  private readonly existing = new Map<string, ExistingEventUpdate>();
  /** Applications whose events changed. */
  readonly apps = new Set<string>();

  add(item: EventItem, change: EventChange): void {
    const key = `${item.uuid}\u0000${change.field}\u0000${change.rangeIndex}`;
    this.apps.add(item.appId);
    if (change.kind === 'create') {
      const event: NewEvent = { app: item.appId, item: item.uuid, name: item.itemName, change, resume: null, cleared: null };
      this.created.push(event);
      this.open.set(key, event);
      return;
    }
    const mine = this.open.get(key);
    if (mine) {
      if (change.kind === 'clear') {
        mine.cleared = change.at.toISOString();
        this.open.delete(key);
      } else mine.resume = change.kind === 'resume' ? change.resumeStatus : null;
      return;
    }
    let update = this.existing.get(key);
    if (!update) {
      update = { u: item.uuid, f: change.field, i: change.rangeIndex, sr: false, rs: null, c: null };
      this.existing.set(key, update);
    }
    if (change.kind === 'clear') update.c = change.at.toISOString();
    else {
      update.sr = true;
      update.rs = change.kind === 'resume' ? change.resumeStatus : null;
    }
  }

  get size(): number {
    return this.created.length + this.existing.size;
  }

  async write(tx: SqlExecutor): Promise<void> {
    for (const part of chunks([...this.existing.values()])) {
      await tx.execute(sql`
        UPDATE node_events AS e SET
          resume_status = CASE WHEN x.sr THEN x.rs ELSE e.resume_status END,
          is_cleared = x.c IS NOT NULL,
          cleared_at = x.c,
          cleared_by = CASE WHEN x.c IS NULL THEN e.cleared_by ELSE ${AUTO_CLEARED_BY} END,
          event_status = CASE WHEN x.c IS NULL THEN e.event_status ELSE 'cleared' END,
          updated_at = now()
        FROM json_to_recordset(${jsonParam(part)}) AS x(u uuid, f text, i int, sr boolean, rs text, c timestamptz)
        WHERE e.item_uuid = x.u AND e.field = x.f AND e.range_index = x.i AND NOT e.is_cleared`);
    }
    const rows = this.created.map(({ app, item, name, change, resume, cleared }) => ({
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
      nd: change.node,
      v: change.value,
      un: change.unit,
      rs: change.rangeStatus,
      res: resume,
      c: cleared,
    }));
    for (const part of chunks(rows)) {
      await tx.execute(sql`
        INSERT INTO node_events (app_id, item_uuid, item_name, field, range_index, range_name, severity, description, event_type,
          generated_at, location, node, value, unit, range_status, resume_status, event_status, is_cleared, cleared_by, cleared_at)
        SELECT x.app, x.item, x.name, x.f, x.i, x.rn, x.sv, x.d, x.et, x.g, x.l, x.nd, x.v, x.un, x.rs, x.res,
          CASE WHEN x.c IS NULL THEN 'created' ELSE 'cleared' END, x.c IS NOT NULL,
          CASE WHEN x.c IS NULL THEN NULL ELSE ${AUTO_CLEARED_BY} END, x.c
        FROM json_to_recordset(${jsonParam(part)}) AS x(app text, item uuid, name text, f text, i int, rn text, sv int, d text,
          et text, g timestamptz, l text, nd jsonb, v text, un text, rs text, res text, c timestamptz)
        ON CONFLICT (item_uuid, field, range_index) WHERE NOT is_cleared DO NOTHING`);
    }
  }
}

import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { jsonParam, type AuditLog, type Database, type Logger, type SqlExecutor } from '@sensorium/core/server';
import type {
  EventActor,
  EventHistoryEntry,
  EventRecord,
  EventStore,
  EventTransition,
  EventTransitionHook,
  HistoryNote,
  SubjectEventInput,
} from '../common';
import { manifest } from '../manifest';
import { toEventRecord, toHistoryEntry } from './event-row';
import { runTransitionHooks, writeHistory } from './history';
import { eventsHistory, nodeEvents } from './schema';
import { closeSubjectEvents, openSubjectEvents } from './subject-events';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const isUuid = (id: string) => UUID.test(id);

/** A person's step on open events. */
export type EventAction = 'acknowledged' | 'cleared';

/** The audit trail's action of each step. */
export const AUDIT_ACTIONS: Record<EventAction, string> = {
  acknowledged: 'events.acknowledge',
  cleared: 'events.clear',
};

export interface EventStoreDeps {
  db: Database;
  audit: AuditLog;
  log: Logger;
  /** Read at each step: the plugins contributing them register after this one. */
  hooks(): readonly EventTransitionHook[];
  /** Tells the application's viewers (system-event-update), after commit. */
  eventsChanged(appId: string): Promise<void>;
}

/** The events plugin's EventStore: reads, acknowledge and clear with history, hooks, audit and push. */
export class NodeEventStore implements EventStore {
  constructor(private readonly deps: EventStoreDeps) {}

  async get(appId: string, id: string): Promise<EventRecord | null> {
    if (!isUuid(id)) return null;
    const [row] = await this.deps.db
      .select()
      .from(nodeEvents)
      .where(and(eq(nodeEvents.appId, appId), eq(nodeEvents.id, id)));
    return row ? toEventRecord(row) : null;
  }

  async openEventsOf(appId: string, itemUuids: readonly string[], limit: number): Promise<EventRecord[]> {
    const uuids = itemUuids.filter(isUuid);
    if (uuids.length === 0) return [];
    const rows = await this.deps.db
      .select()
      .from(nodeEvents)
      .where(and(eq(nodeEvents.appId, appId), eq(nodeEvents.isCleared, false), inArray(nodeEvents.itemUuid, uuids)))
      .orderBy(desc(nodeEvents.generatedAt), asc(nodeEvents.id))
      .limit(limit);
    return rows.map(toEventRecord);
  }

  async history(eventId: string): Promise<EventHistoryEntry[]> {
    if (!isUuid(eventId)) return [];
    const rows = await this.deps.db
      .select()
      .from(eventsHistory)
      .where(eq(eventsHistory.eventId, eventId))
      .orderBy(asc(eventsHistory.at), asc(eventsHistory.id));
    return rows.map(toHistoryEntry);
  }

  acknowledge(appId: string, ids: readonly string[], actor: EventActor, comment?: string | null): Promise<EventRecord[]> {
    return this.act('acknowledged', appId, ids, actor, comment);
  }

  clear(appId: string, ids: readonly string[], actor: EventActor, comment?: string | null): Promise<EventRecord[]> {
    return this.act('cleared', appId, ids, actor, comment);
  }

  raiseSubjectEvents(input: SubjectEventInput): Promise<EventRecord[]> {
    return this.systemStep((tx) => openSubjectEvents(tx, input));
  }

  resumeSubjectEvents(subject: string, resumeStatus: string, at = new Date()): Promise<EventRecord[]> {
    return this.systemStep((tx) => closeSubjectEvents(tx, subject, resumeStatus, at));
  }

  /** A step the system takes on events: its transitions and their hooks in one transaction, then each application's push. */
  private async systemStep(step: (tx: SqlExecutor) => Promise<EventTransition[]>): Promise<EventRecord[]> {
    const transitions = await this.deps.db.transaction(async (tx) => {
      const made = await step(tx);
      // The step wrote its history rows already: what the hooks leave runs on its own.
      if (made.length > 0) for (const rider of await runTransitionHooks(tx, this.deps.hooks(), made)) await tx.execute(rider);
      return made;
    });
    const events = [...new Map(transitions.map(({ event }) => [event.id, event])).values()];
    for (const appId of new Set(events.map((event) => event.appId))) {
      await this.deps.eventsChanged(appId).catch((error: unknown) => this.deps.log.error({ err: error }, 'push not sent'));
    }
    return events;
  }

  async note(tx: SqlExecutor, note: HistoryNote | readonly HistoryNote[]): Promise<void> {
    const notes = (Array.isArray(note) ? note : [note]) as readonly HistoryNote[];
    if (notes.length > 0) await writeHistory(tx, notes);
  }

  async restoredRules(tx: SqlExecutor, appId: string, ruleIds: ReadonlyMap<string, string>): Promise<void> {
    await tx.execute(sql`
      UPDATE node_events SET rule_id = (
        SELECT restored.value::uuid FROM json_each_text(${jsonParam(Object.fromEntries(ruleIds))}) AS restored
        WHERE restored.key = node_events.rule_id::text
      )
      WHERE app_id = ${appId} AND rule_id IS NOT NULL`);
  }

  /**
   * Acknowledges (open and not yet acknowledged) or clears (open) the application's events among `ids`; with
   * `itemUuids`, only events of those items (a user limited to device tags acts on the items it sees). In one
   * transaction: the update, a history row per event and the transition hooks. After commit: the audit trail and the
   * push. Answers the events it changed; ids that are unknown, another application's or not in that state are skipped.
   */
  async act(
    action: EventAction,
    appId: string,
    ids: readonly string[],
    actor: EventActor,
    comment?: string | null,
    itemUuids: readonly string[] | null = null,
  ): Promise<EventRecord[]> {
    const wanted = [...new Set(ids.filter(isUuid))];
    if (wanted.length === 0 || itemUuids?.length === 0) return [];
    const note = comment?.trim() || null;
    const changed = await this.deps.db.transaction(async (tx) => {
      const rows = await tx
        .update(nodeEvents)
        .set(
          action === 'acknowledged'
            ? {
                eventStatus: 'acked',
                isAcknowledged: true,
                acknowledgedBy: actor.label,
                acknowledgedAt: sql`now()`,
                updatedAt: sql`now()`,
              }
            : { eventStatus: 'cleared', isCleared: true, clearedBy: actor.label, clearedAt: sql`now()`, updatedAt: sql`now()` },
        )
        .where(
          and(
            eq(nodeEvents.appId, appId),
            inArray(nodeEvents.id, wanted),
            eq(nodeEvents.isCleared, false),
            action === 'acknowledged' ? eq(nodeEvents.isAcknowledged, false) : undefined,
            itemUuids
              ? sql`${nodeEvents.itemUuid} IN (SELECT json_array_elements_text(${jsonParam(itemUuids)})::uuid)`
              : undefined,
          ),
        )
        .returning();
      const events = rows.map(toEventRecord);
      if (events.length === 0) return events;
      const transitions = events.map((event) => ({ kind: action, event, actor, comment: note, detail: {} }));
      await writeHistory(
        tx,
        events.map((event) => ({ eventId: event.id, kind: action, actor, comment: note })),
        await runTransitionHooks(tx, this.deps.hooks(), transitions),
      );
      return events;
    });
    if (changed.length > 0) await this.afterCommit(action, appId, changed, actor, note);
    return changed;
  }

  /** The change is done: a failed audit write or push is logged for operators rather than reported as a failure. */
  private async afterCommit(
    action: EventAction,
    appId: string,
    events: readonly EventRecord[],
    actor: EventActor,
    comment: string | null,
  ): Promise<void> {
    await Promise.all(
      events.map((event) =>
        this.deps.audit
          .record({
            userId: actor.kind === 'user' ? actor.id : null,
            username: actor.label,
            action: AUDIT_ACTIONS[action],
            target: event.id,
            pluginId: manifest.id,
            address: actor.address ?? null,
            outcome: 'success',
            detail: {
              appId,
              itemName: event.itemName,
              field: event.field,
              eventType: event.eventType,
              description: event.description,
              actorKind: actor.kind,
              ...(actor.kind === 'contact' ? { contactId: actor.id } : {}),
              ...(comment ? { comment } : {}),
            },
          })
          .catch((error: unknown) => this.deps.log.error({ err: error }, 'audit record not written')),
      ),
    );
    await this.deps.eventsChanged(appId).catch((error: unknown) => this.deps.log.error({ err: error }, 'push not sent'));
  }
}

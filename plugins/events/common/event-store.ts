import { createExtensionPoint, createToken } from '@sensorium/core/common';
import type { SqlExecutor } from '@sensorium/nodes/common';
import type { EventActor, EventHistoryEntry, EventHistoryKind, EventRecord } from './event-record';

/** A lifecycle step of an event. 'updated': the value re-entered the range of the open event (no second event opens). */
export type EventTransitionKind = Exclude<EventHistoryKind, 'notified'>;

export interface EventTransition {
  kind: EventTransitionKind;
  /** The event after the step. */
  event: EventRecord;
  actor: EventActor;
  comment: string | null;
  /** The history row's detail: for 'updated', `reason` 'resume' (with `resumeStatus`), 'reopen' or 'repeat', and `value`. */
  detail: Record<string, unknown>;
}

/**
 * Called in the transaction that makes the transitions (the ingest batch, or an acknowledge/clear), with all of that
 * transaction's transitions at once, so that a transition and the jobs it plans (notifications, webhooks, tasks) commit
 * together or not at all. A hook must not do slow work itself: it writes rows and queues jobs (JobQueue.send with `tx`).
 */
export type EventTransitionHook = (tx: SqlExecutor, transitions: readonly EventTransition[]) => Promise<void>;
export const eventTransitionHooks = createExtensionPoint<EventTransitionHook>('events.transition-hooks/v1');

export interface HistoryNote {
  eventId: string;
  kind: EventHistoryKind;
  actor: EventActor;
  comment?: string | null;
  detail?: Record<string, unknown>;
}

/** The events plugin's store, for the plugins that act on events (notifications, event-actions, public-alert). */
export interface EventStore {
  /** The application's event, or null. */
  get(appId: string, id: string): Promise<EventRecord | null>;
  /** The event's history, oldest first. */
  history(eventId: string): Promise<EventHistoryEntry[]>;
  /**
   * Acknowledges the application's open, unacknowledged events among `ids` as `actor`, with history, audit, hooks and
   * the system-event-update push; answers the events it changed (the others are skipped, not an error).
   */
  acknowledge(appId: string, ids: readonly string[], actor: EventActor, comment?: string | null): Promise<EventRecord[]>;
  /** Clears the application's open events among `ids` (acknowledged or not), as acknowledge does. */
  clear(appId: string, ids: readonly string[], actor: EventActor, comment?: string | null): Promise<EventRecord[]>;
  /** Adds history rows in the caller's transaction (a notification sent, a task's outcome), with one statement. */
  note(tx: SqlExecutor, note: HistoryNote | readonly HistoryNote[]): Promise<void>;
  /**
   * In a restore's transaction, after the events were restored: points the application's events that rules raised at
   * the restored copies of those rules (`ruleIds`: backed-up id → restored id), and at no rule (null) when their rule
   * was not restored. Restored rules get new ids, so without this the events would keep ids of rules gone or elsewhere.
   */
  restoredRules(tx: SqlExecutor, appId: string, ruleIds: ReadonlyMap<string, string>): Promise<void>;
}
export const EventStoreToken = createToken<EventStore>('events.event-store');

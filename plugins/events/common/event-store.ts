import type { SQL } from 'drizzle-orm';
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
 * It may instead answer data-modifying statements on its own tables or the job queue (JobQueue.sendManyStatement): they
 * ride in the statement that writes the transitions' history rows, as WITH clauses, which saves the ingest batch a
 * round trip each.
 */
export type EventTransitionHook = (tx: SqlExecutor, transitions: readonly EventTransition[]) => Promise<void | readonly SQL[]>;
export const eventTransitionHooks = createExtensionPoint<EventTransitionHook>('events.transition-hooks/v1');

export interface HistoryNote {
  eventId: string;
  kind: EventHistoryKind;
  actor: EventActor;
  comment?: string | null;
  detail?: Record<string, unknown>;
}

/**
 * An event about something that is not an item of the application (a LoRaWAN gateway going offline), raised in each of
 * `appIds`: at most one open per subject and application. It shows in the Event View, the alarm bell and the cards like
 * a range's event; having no range, it carries no notification, webhook or task setting.
 */
export interface SubjectEventInput {
  /** What it is about, unique across plugins: `<plugin>:<id>`, e.g. `gateway:<uuid>`. */
  subject: string;
  appIds: readonly string[];
  /** The event type column (e.g. `gateway`); also the event's field. */
  eventType: string;
  /** The subject's name: the event's item and equipment name. */
  name: string;
  severity: number;
  description: string;
  /** What the event is in a word (the range status column, e.g. `offline`). */
  status: string;
  additionalInfo?: string;
  /** When it happened; now by default. */
  at?: Date;
}

/** The events plugin's store, for the plugins that act on events (notifications, event-actions, public-alert). */
export interface EventStore {
  /** The application's event, or null. */
  get(appId: string, id: string): Promise<EventRecord | null>;
  /**
   * The application's open (not cleared) events of these items, newest first, at most `limit`: for viewers without a
   * session (dashboards' share links), whose caller answers for which items they may see.
   */
  openEventsOf(appId: string, itemUuids: readonly string[], limit: number): Promise<EventRecord[]>;
  /** The event's history, oldest first. */
  history(eventId: string): Promise<EventHistoryEntry[]>;
  /**
   * Acknowledges the application's open, unacknowledged events among `ids` as `actor`, with history, audit, hooks and
   * the system-event-update push; answers the events it changed (the others are skipped, not an error).
   */
  acknowledge(appId: string, ids: readonly string[], actor: EventActor, comment?: string | null): Promise<EventRecord[]>;
  /** Clears the application's open events among `ids` (acknowledged or not), as acknowledge does. */
  clear(appId: string, ids: readonly string[], actor: EventActor, comment?: string | null): Promise<EventRecord[]>;
  /**
   * Raises a subject event in each application that has none open for the subject, with its created history row and
   * the transition hooks in one transaction, then the system-event-update push. Answers the events it opened.
   */
  raiseSubjectEvents(input: SubjectEventInput): Promise<EventRecord[]>;
  /**
   * The subject is well again: its open events, in every application, are resumed (`resumeStatus`) and cleared by the
   * system (history `updated` with reason `resume`, then `auto-cleared`), as a range event with auto clear is.
   */
  resumeSubjectEvents(subject: string, resumeStatus: string, at?: Date): Promise<EventRecord[]>;
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

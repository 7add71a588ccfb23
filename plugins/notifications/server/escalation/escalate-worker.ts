import type { Database, JobQueue, QueuedJob, SqlExecutor } from '@sensorium/core/server';
import type { EventRecord, EventStore, EventTransitionHook } from '@sensorium/events/common';
import type { PublicLinks } from '@sensorium/public-alert/common';
import type { ContactDirectory } from '../../common';
import { notificationRequest } from '../dispatch/notification-request';
import { queueDeliveries, roundsRows } from '../dispatch/plan-deliveries';
import { escalationSetting, roundRecipients, type EscalationSetting } from './escalation-setting';

export const ESCALATE_QUEUE = 'notifications.escalate';

/** The escalation round `level` (1, 2…) of an event. */
export interface EscalateJob {
  appId: string;
  eventId: string;
  level: number;
}

export interface EscalationDeps {
  db: Database;
  jobs: JobQueue;
  events: Pick<EventStore, 'get'>;
  contacts: ContactDirectory;
  links: PublicLinks;
  /** How many seconds an escalation minute lasts (60; shorter under test). */
  minuteSeconds: number;
}

/**
 * Queues round `level` after the setting's pause. The key lets one round of an event wait at a time, so a job run again
 * after a crash queues no second next round.
 */
function queueRound(deps: EscalationDeps, tx: SqlExecutor, event: EventRecord, escalation: EscalationSetting, level: number) {
  const job: EscalateJob = { appId: event.appId, eventId: event.id, level };
  return deps.jobs.send(ESCALATE_QUEUE, job, {
    tx,
    // A Date, not seconds: pg-boss types a number of seconds wrongly when it queues through a caller's transaction.
    startAfter: new Date(Date.now() + escalation.everyMinutes * deps.minuteSeconds * 1000),
    singletonKey: `${event.id}:${level}`,
  });
}

/** The events.transition-hooks/v1 contribution: a created event with escalation on queues its first round. */
export function startEscalations(deps: EscalationDeps): EventTransitionHook {
  return async (tx, transitions) => {
    for (const { kind, event } of transitions) {
      if (kind !== 'created' || !notificationRequest(event.actions)) continue;
      const escalation = escalationSetting(event.actions);
      if (escalation && (escalation.repeats > 0 || escalation.nextPriority)) await queueRound(deps, tx, event, escalation, 1);
    }
  };
}

/**
 * The `notifications.escalate` worker. A round reads the event first: once it is acknowledged, cleared or gone, the
 * round does nothing and escalation ends, so acknowledging needs no stop signal. Otherwise it plans the round's
 * deliveries (usage `escalation`, its level in the row's key, so a job run twice plans nothing more) and queues the
 * next round, both in one transaction. The round's recipients come from the event's own copy of the setting.
 */
export function escalateWorker(deps: EscalationDeps) {
  const { db, jobs, events, contacts, links } = deps;
  return async function escalate(job: QueuedJob<EscalateJob>): Promise<void> {
    const { appId, eventId, level } = job.data;
    const event = await events.get(appId, eventId);
    if (!event || event.isAcknowledged || event.isCleared) return;
    const request = notificationRequest(event.actions);
    const escalation = escalationSetting(event.actions);
    if (!request || !escalation) return;
    const everyone = await contacts.recipients(appId, { departments: request.departments });
    const recipients = roundRecipients(everyone, escalation, level);
    if (!recipients) return;
    await db.transaction(async (tx) => {
      const rows = await roundsRows(links, tx, [{ event, request, recipients, escalationLevel: level }]);
      await queueDeliveries(tx, jobs, rows);
      if (roundRecipients(everyone, escalation, level + 1)) await queueRound(deps, tx, event, escalation, level + 1);
    });
  };
}

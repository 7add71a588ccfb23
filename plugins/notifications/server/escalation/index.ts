import type { Database, JobQueue, ServerPluginContext } from '@sensorium/core/server';
import { eventTransitionHooks, type EventStore } from '@sensorium/events/common';
import type { PublicLinks } from '@sensorium/public-alert/common';
import { contactDirectory } from '../contacts/contact-directory';
import { escalateWorker, ESCALATE_QUEUE, startEscalations, type EscalateJob } from './escalate-worker';

export interface EscalationPartDeps {
  db: Database;
  jobs: JobQueue;
  events: EventStore;
  links: PublicLinks;
}

/** A round that cannot be planned (the database away) is tried again with growing pauses. */
const ESCALATE_RETRY_LIMIT = 5;
const ESCALATE_RETRY_DELAY_SECONDS = 30;

/**
 * The escalation part: a created event whose notification setting escalates queues `notifications.escalate` rounds,
 * each telling the contacts again (or the next priority's) until the event is acknowledged or cleared.
 */
export function registerEscalation(context: ServerPluginContext, deps: EscalationPartDeps, minuteSeconds: number): void {
  const escalation = { ...deps, contacts: contactDirectory(deps.db), minuteSeconds };
  deps.jobs.addQueue<EscalateJob>({
    name: ESCALATE_QUEUE,
    work: escalateWorker(escalation),
    oneQueuedPerKey: true,
    retryLimit: ESCALATE_RETRY_LIMIT,
    retryDelay: ESCALATE_RETRY_DELAY_SECONDS,
    retryBackoff: true,
  });
  context.contribute(eventTransitionHooks, startEscalations(escalation));
}

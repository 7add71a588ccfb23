import type { Database, JobQueue, QueuedJob, QueueDefinition } from '@sensorium/core/server';
import type { EventTransition, EventTransitionHook } from '@sensorium/events/common';
import { notificationRequest } from './notification-request';
import { endingUsage } from './plan-resume-messages';

export const PLAN_QUEUE = 'notifications.plan';
export interface PlanJob {
  /** The transitions as they were made (an EventRecord is plain JSON), so planning sees the event of that moment. */
  transitions: EventTransition[];
}

/**
 * How the plan and deliver workers take a burst of alarms: up to 50 jobs per transaction, gathered for up to a second
 * after a batch that was not full. A message leaves at most about a second later; a burst costs a few transactions a
 * second instead of dozens, which is what the ingest sharing the database feels.
 */
export const BURST_BATCHING = { batchSize: 50, gatherMs: 1000 } as const;

/** A plan that cannot be written (the database away) is tried again with growing pauses. */
const PLAN_RETRY_LIMIT = 5;
const PLAN_RETRY_DELAY_SECONDS = 5;

/** The transitions that notify someone: a created event, or the end of one, whose range asks for notifications. */
const notifies = (transition: EventTransition) =>
  (transition.kind === 'created' || endingUsage(transition) !== null) && notificationRequest(transition.event.actions) !== null;

/**
 * The events.transition-hooks/v1 contribution: the transaction's transitions that notify someone go into one
 * `notifications.plan` job queued in it, so they commit together, while the contacts, links and delivery rows are
 * worked out by that job's worker. The job's insert rides in the statement writing the transitions' history, so it adds
 * no round trip to the transaction that made them, which is the ingest batch's on the hot path.
 */
export function planLater(jobs: JobQueue): EventTransitionHook {
  return async (_tx, transitions) => {
    const notifying = transitions.filter(notifies);
    return notifying.length > 0 ? [await jobs.sendManyStatement(PLAN_QUEUE, [{ transitions: notifying } satisfies PlanJob])] : [];
  };
}

/**
 * The `notifications.plan` queue: its worker runs the planners (created events' first round, ended events' last
 * message) over a batch of jobs' transitions in one transaction. A job that runs again plans nothing twice: the
 * planners skip what their rows already hold.
 */
export function planQueue(db: Database, planners: readonly EventTransitionHook[]): QueueDefinition<PlanJob> {
  const plan = (jobs: readonly QueuedJob<PlanJob>[]) =>
    db.transaction(async (tx) => {
      const transitions = jobs.flatMap((job) => job.data.transitions);
      for (const planner of planners) await planner(tx, transitions);
    });
  return {
    name: PLAN_QUEUE,
    work: (job) => plan([job]),
    workBatch: plan,
    ...BURST_BATCHING,
    retryLimit: PLAN_RETRY_LIMIT,
    retryDelay: PLAN_RETRY_DELAY_SECONDS,
    retryBackoff: true,
  };
}

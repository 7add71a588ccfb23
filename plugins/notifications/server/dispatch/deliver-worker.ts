import { and, eq, inArray, sql } from 'drizzle-orm';
import { TemplateError, type Database, type Logger, type QueuedJob, type SqlExecutor } from '@sensorium/core/server';
import type { ApplicationBranding } from '@sensorium/applications/common';
import { SYSTEM_ACTOR, type EventStore, type HistoryNote } from '@sensorium/events/common';
import type { DeliveryStatus } from '../../common/history';
import type { RateLimiter } from '../rate-limit/rate-limiter';
import {
  DeliveryRefusedError,
  type ChannelSender,
  type ChannelSenders,
  type DeliveryToSend,
  type SendOutcome,
} from './channel-sender';
import type { DeliverJob } from './plan-deliveries';
import { notificationsDeliveries as deliveries, type DeliveryRow } from './schema';

/** A deliver job fails for good after this many retries (with growing pauses from half a minute). */
export const DELIVER_RETRY_LIMIT = 5;
export const DELIVER_RETRY_DELAY_MINUTES = 0.5;
/** A try still running after this long is taken as dead (its server gone) and retried; a send takes seconds. */
export const DELIVER_EXPIRE_MINUTES = 5;

/** Rows a worker may claim: planned, or held back by the rate limit. */
export const CLAIMABLE: DeliveryStatus[] = ['queued', 'deferred'];

export interface DeliverDeps {
  db: Database;
  senders: ChannelSenders;
  events: Pick<EventStore, 'note'>;
  branding: Pick<ApplicationBranding, 'get'>;
  /** Tells the application's history pages that its deliveries changed. */
  changed(appId: string): void;
  log: Logger;
  /** Holds a delivery back while its contact is over the per-contact rate limit; none: no limit. */
  rateLimit?: RateLimiter;
  /**
   * Called once the row is claimed and once it is sent (the restart tests' crash points): inside the claiming
   * transaction for e-mail, after the committed claim and before the outcome's commit for the providers' channels.
   */
  checkpoint?(stage: DeliveryStage): void;
}

/** Where a delivery is between its claim and its commit. */
export type DeliveryStage = 'claimed' | 'sent';

const reason = (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, 1000);

/**
 * The row's outcome and the event's `notified` history row, in the caller's transaction. A provider's status callback
 * may have moved the row on while the worker was still waiting for the provider's answer (a call already ringing): its
 * status and error stay, the provider's id and service are added.
 */
async function recordSent(
  tx: SqlExecutor,
  events: DeliverDeps['events'],
  row: DeliveryRow,
  outcome: SendOutcome,
  sender: ChannelSender,
) {
  await (tx as Database)
    .update(deliveries)
    .set({
      status: sql`CASE WHEN ${deliveries.status} = 'sending' THEN ${outcome.status} ELSE ${deliveries.status} END`,
      providerId: outcome.providerId,
      service: outcome.service ?? sender.service,
      error: sql`CASE WHEN ${deliveries.status} = 'sending' THEN NULL ELSE ${deliveries.error} END`,
      updatedAt: sql`now()`,
    })
    .where(eq(deliveries.id, row.id));
  await events.note(tx, notifiedNotes([row]));
}

/** The events' `notified` history rows for deliveries handed over; a direct message tells of no event. */
export function notifiedNotes(rows: readonly DeliveryRow[]): HistoryNote[] {
  return rows.flatMap((row) =>
    row.eventId
      ? [
          {
            eventId: row.eventId,
            kind: 'notified',
            actor: SYSTEM_ACTOR,
            detail: {
              deliveryId: row.id,
              channel: row.channel,
              contactId: row.contactId,
              contact: row.contactName,
              address: row.address,
            },
          },
        ]
      : [],
  );
}

/** Fails the row for good when the error says no retry helps (a template or a refusal); false for other errors. */
export async function failedForGood(tx: SqlExecutor, row: DeliveryRow, error: unknown): Promise<boolean> {
  if (!(error instanceof TemplateError || error instanceof DeliveryRefusedError)) return false;
  const why = error instanceof TemplateError ? `template: ${reason(error)}` : reason(error);
  await (tx as Database)
    .update(deliveries)
    .set({ status: 'failed', error: why, updatedAt: sql`now()` })
    .where(eq(deliveries.id, row.id));
  return true;
}

/**
 * The `notifications.deliver` worker. It claims its row (queued or deferred → sending) and sends through the channel's
 * sender, then records the outcome and a `notified` history row on the event. E-mail is claimed, sent and recorded in
 * one transaction: a job run twice finds nothing to claim the second time. A provider's channel commits its claim
 * before the provider call, so a row the job finds `sending` was left by a try that died after its claim: the sender's
 * `recover` says whether the provider has it (recorded, not sent again), has nothing (sent now) or cannot tell (the row
 * ends `unknown`). A template that cannot be rendered fails the delivery at once; any other failure is retried, and
 * the last retry marks the row failed.
 */
export function deliverWorker(deps: DeliverDeps) {
  const { db, senders, events, branding, changed, log } = deps;
  const claim = (tx: SqlExecutor, deliveryId: string, sender: ChannelSender) =>
    (tx as Database)
      .update(deliveries)
      .set({ status: 'sending', attempts: sql`${deliveries.attempts} + 1`, service: sender.service, updatedAt: sql`now()` })
      .where(and(eq(deliveries.id, deliveryId), inArray(deliveries.status, CLAIMABLE)))
      .returning();

  /** E-mail: claim, send and record in one transaction; false when there was nothing to claim. */
  const deliverInOneTransaction = (deliveryId: string, sender: ChannelSender, appName: string) =>
    db.transaction(async (tx) => {
      const [row] = await claim(tx, deliveryId, sender);
      if (!row) return false;
      deps.checkpoint?.('claimed');
      try {
        const outcome = await sender.send({ ...row, variables: { ...row.variables, appName } }, tx);
        deps.checkpoint?.('sent');
        await recordSent(tx, events, row, outcome, sender);
      } catch (error) {
        if (!(await failedForGood(tx, row, error))) throw error;
      }
      return true;
    });

  /** A provider's channel: the claim committed (or found left `sending`), the call, then the outcome's transaction. */
  const deliverThroughProvider = async (deliveryId: string, sender: ChannelSender, appName: string, resuming: boolean) => {
    const [row] = resuming
      ? await db
          .select()
          .from(deliveries)
          .where(and(eq(deliveries.id, deliveryId), eq(deliveries.status, 'sending')))
      : await claim(db, deliveryId, sender);
    if (!row) return false;
    const delivery: DeliveryToSend = { ...row, variables: { ...row.variables, appName } };
    const found = resuming && sender.recover ? await sender.recover(delivery, db) : 'unsent';
    if (found === 'unknown') {
      await db
        .update(deliveries)
        .set({ status: 'unknown', updatedAt: sql`now()` })
        .where(and(eq(deliveries.id, row.id), eq(deliveries.status, 'sending')));
      return true;
    }
    let outcome: SendOutcome;
    if (found !== 'unsent') outcome = found;
    else {
      if (!resuming) deps.checkpoint?.('claimed');
      try {
        outcome = await sender.send(delivery, db);
      } catch (error) {
        if (await failedForGood(db, row, error)) return true;
        // The provider answered that it failed (or never answered): give the claim back, the retry sends again.
        await db
          .update(deliveries)
          .set({ status: 'queued', updatedAt: sql`now()` })
          .where(and(eq(deliveries.id, row.id), eq(deliveries.status, 'sending')));
        throw error;
      }
      deps.checkpoint?.('sent');
    }
    await db.transaction((tx) => recordSent(tx, events, row, outcome, sender));
    return true;
  };

  return async function deliver(job: QueuedJob<DeliverJob>): Promise<void> {
    const { deliveryId } = job.data;
    const [planned] = await db
      .select({
        appId: deliveries.appId,
        contactId: deliveries.contactId,
        address: deliveries.address,
        channel: deliveries.channel,
        status: deliveries.status,
      })
      .from(deliveries)
      .where(eq(deliveries.id, deliveryId));
    if (!planned) return;
    const sender = senders.get(planned.channel);
    // Waits, queued, for its channel's provider adapter.
    if (!sender) return;
    const resuming = planned.status === 'sending' && sender.recover !== undefined;
    if (!resuming && !CLAIMABLE.includes(planned.status)) return;
    if (!resuming && (await deps.rateLimit?.deferred({ id: deliveryId, ...planned }))) return changed(planned.appId);
    // Read before the transaction: PGlite would have the read wait for it.
    const appName = (await branding.get(planned.appId))?.name ?? '';
    try {
      const acted = sender.recover
        ? await deliverThroughProvider(deliveryId, sender, appName, resuming)
        : await deliverInOneTransaction(deliveryId, sender, appName);
      if (acted) changed(planned.appId);
    } catch (error) {
      if (job.retryCount >= DELIVER_RETRY_LIMIT) {
        log.warn({ deliveryId, err: error }, 'notification delivery failed for good');
        const failed = await db
          .update(deliveries)
          .set({ status: 'failed', error: reason(error), updatedAt: sql`now()` })
          .where(and(eq(deliveries.id, deliveryId), inArray(deliveries.status, [...CLAIMABLE, 'sending'])))
          .returning({ id: deliveries.id });
        if (failed.length > 0) changed(planned.appId);
      }
      throw error;
    }
  };
}

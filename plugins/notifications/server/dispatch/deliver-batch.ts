import { and, inArray, sql } from 'drizzle-orm';
import { jsonParam, type QueuedJob } from '@sensorium/core/server';
import type { DeliveryToSend } from './channel-sender';
import { recipientKey, type DeliveryToGate } from '../rate-limit/rate-limiter';
import { CLAIMABLE, failedForGood, notifiedNotes, type DeliverDeps } from './deliver-worker';
import type { DeliverJob } from './plan-deliveries';
import { notificationsDeliveries as deliveries, type DeliveryRow } from './schema';

/**
 * The `notifications.deliver` worker for a batch of jobs. The e-mails among them (at most one per contact, so that the
 * rate limit counts each) are claimed, written to the outbox and recorded in one transaction: a handful of statements
 * for the batch where one job each would take a dozen, which is what keeps a burst of events from slowing the ingest
 * that shares the database. Every other job (a provider's channel, a resumed try, a second e-mail to a contact) goes
 * through `deliver` one by one after it.
 */
export function deliverBatchWorker(deps: DeliverDeps, deliver: (job: QueuedJob<DeliverJob>) => Promise<void>) {
  const { db, senders, events, branding, changed } = deps;

  return async function deliverBatch(jobs: readonly QueuedJob<DeliverJob>[]): Promise<void> {
    const ids = jobs.map((job) => job.data.deliveryId);
    const planned = await db
      .select({
        id: deliveries.id,
        appId: deliveries.appId,
        contactId: deliveries.contactId,
        address: deliveries.address,
        channel: deliveries.channel,
        status: deliveries.status,
      })
      .from(deliveries)
      .where(inArray(deliveries.id, ids));
    const byId = new Map(planned.map((row) => [row.id, row]));
    const recipients = new Set<string>();
    const emails: typeof planned = [];
    const oneByOne: QueuedJob<DeliverJob>[] = [];
    for (const job of jobs) {
      const row = byId.get(job.data.deliveryId);
      if (!row) continue;
      const sender = senders.get(row.channel);
      const batchable =
        row.channel === 'email' && sender?.sendMany && CLAIMABLE.includes(row.status) && !recipients.has(recipientKey(row));
      if (batchable) {
        recipients.add(recipientKey(row));
        emails.push(row);
      } else oneByOne.push(job);
    }
    if (emails.length > 0) await deliverEmails(emails);
    for (const job of oneByOne) await deliver(job);
  };

  async function deliverEmails(rows: readonly DeliveryToGate[]) {
    const held = deps.rateLimit ? await deps.rateLimit.deferredEach(rows) : rows.map(() => false);
    const free = rows.filter((_, index) => !held[index]);
    for (const [index, row] of rows.entries()) if (held[index]) changed(row.appId);
    if (free.length === 0) return;
    // Read before the transaction: PGlite would have the reads wait for it.
    const appNames = new Map<string, string>();
    for (const appId of new Set(free.map((row) => row.appId))) appNames.set(appId, (await branding.get(appId))?.name ?? '');
    const sender = senders.get('email')!;
    const recorded = await db.transaction(async (tx) => {
      const claimed = await tx
        .update(deliveries)
        .set({ status: 'sending', attempts: sql`${deliveries.attempts} + 1`, service: sender.service, updatedAt: sql`now()` })
        .where(
          and(
            inArray(
              deliveries.id,
              free.map((row) => row.id),
            ),
            inArray(deliveries.status, CLAIMABLE),
          ),
        )
        .returning();
      if (claimed.length === 0) return [];
      deps.checkpoint?.('claimed');
      const outcomes = await sender.sendMany!(
        claimed.map((row): DeliveryToSend => ({
          ...row,
          variables: { ...row.variables, appName: appNames.get(row.appId) ?? '' },
        })),
        tx,
      );
      const sent: { row: DeliveryRow; providerId: string | null }[] = [];
      for (const [index, row] of claimed.entries()) {
        const outcome = outcomes[index]!;
        if (!(outcome instanceof Error)) sent.push({ row, providerId: outcome.providerId });
        else if (!(await failedForGood(tx, row, outcome))) throw outcome;
      }
      deps.checkpoint?.('sent');
      if (sent.length > 0) {
        const outcomes = sent.map(({ row, providerId }) => ({ id: row.id, provider: providerId }));
        await tx.execute(sql`
          UPDATE ${deliveries} SET status = 'sent', provider_id = x.provider, service = ${sender.service}, error = NULL,
            updated_at = now()
          FROM json_to_recordset(${jsonParam(outcomes)}) AS x(id uuid, provider text)
          WHERE ${deliveries.id} = x.id`);
        await events.note(tx, notifiedNotes(sent.map(({ row }) => row)));
      }
      return claimed;
    });
    for (const appId of new Set(recorded.map((row) => row.appId))) changed(appId);
  }
}

import { and, eq, inArray, sql } from 'drizzle-orm';
import { queryRows, type Database, type JobQueue } from '@sensorium/core/server';
import type { ApplicationAccess } from '@sensorium/applications/common';
import type { DeliveryChannel, DeliveryStatus } from '../../common/history';
import { DEFAULT_RATE_LIMIT, type RateLimit } from '../../common/rate-limit';
import { DELIVER_QUEUE, type DeliverJob } from '../dispatch/plan-deliveries';
import { notificationsDeliveries as deliveries } from '../dispatch/schema';
import { ownRateLimit } from './rate-limit-store';

/** Rows a provider took: they count against the contact's limit (a `sending` row's outcome is not known yet). */
const HANDED_OVER: DeliveryStatus[] = ['sent', 'delivered', 'unknown'];
const WAITING: DeliveryStatus[] = ['queued', 'deferred'];

export interface DeliveryToGate {
  id: string;
  appId: string;
  /** null: a direct message to a number that is no contact's, limited by the number instead. */
  contactId: string | null;
  address: string;
  channel: DeliveryChannel;
}

/** Whom the limit counts a delivery against: its contact, or the number of a direct message that reaches none. */
export const recipientKey = (delivery: Pick<DeliveryToGate, 'contactId' | 'address'>) =>
  delivery.contactId ?? `address:${delivery.address}`;

export interface RateLimiter {
  /**
   * When the contact (or the number, for a direct message reaching no contact) already had the limit's worth of
   * messages on the channel within the window, marks the delivery `deferred` and queues its job again for the moment
   * the oldest of them leaves the window; true then (the calling job is done). A deferred delivery is never dropped:
   * it is sent, or deferred again, when its job runs.
   */
  deferred(delivery: DeliveryToGate): Promise<boolean>;
  /** `deferred` for each delivery of a batch, reading each application's limit once. */
  deferredEach(deliveries: readonly DeliveryToGate[]): Promise<boolean[]>;
}

export interface RateLimiterDeps {
  db: Database;
  jobs: JobQueue;
  access: Pick<ApplicationAccess, 'ownerOf'>;
}

/** The per-contact, per-channel rate limit the deliver worker checks before it claims a delivery. */
export function rateLimiter({ db, jobs, access }: RateLimiterDeps, minuteSeconds: number): RateLimiter {
  const limitOf = async (appId: string): Promise<RateLimit> => {
    const organisationId = (await access.ownerOf(appId))?.organisationId;
    return (organisationId && (await ownRateLimit(db, organisationId))) || DEFAULT_RATE_LIMIT;
  };

  const deferredWith = async (delivery: DeliveryToGate, limit: Promise<RateLimit>): Promise<boolean> => {
    const { maxSent, windowMinutes } = await limit;
    const windowSeconds = windowMinutes * minuteSeconds;
    const recipient = delivery.contactId
      ? sql`contact_id = ${delivery.contactId}`
      : sql`contact_id IS NULL AND address = ${delivery.address}`;
    // The limit's worth of newest messages in the window: the next one may go once the oldest of them leaves it.
    const [full] = await queryRows<{ free_at: Date | string }>(
      db,
      sql`SELECT updated_at + make_interval(secs => ${windowSeconds}::double precision) AS free_at FROM ${deliveries}
        WHERE ${recipient} AND channel = ${delivery.channel}
          AND status IN (${sql.join(
            HANDED_OVER.map((status) => sql`${status}`),
            sql`, `,
          )})
          AND updated_at > now() - make_interval(secs => ${windowSeconds}::double precision)
        ORDER BY updated_at DESC OFFSET ${maxSent - 1} LIMIT 1`,
    );
    if (!full) return false;
    const freeAt = new Date(full.free_at);
    return db.transaction(async (tx) => {
      const [held] = await tx
        .update(deliveries)
        .set({ status: 'deferred', updatedAt: sql`now()` })
        .where(and(eq(deliveries.id, delivery.id), inArray(deliveries.status, WAITING)))
        .returning({ id: deliveries.id });
      if (!held) return false;
      await jobs.send(DELIVER_QUEUE, { deliveryId: delivery.id } satisfies DeliverJob, { tx, startAfter: freeAt });
      return true;
    });
  };

  return {
    deferred: (delivery) => deferredWith(delivery, limitOf(delivery.appId)),
    async deferredEach(batch) {
      const limits = new Map<string, Promise<RateLimit>>();
      const answers: boolean[] = [];
      for (const delivery of batch) {
        if (!limits.has(delivery.appId)) limits.set(delivery.appId, limitOf(delivery.appId));
        answers.push(await deferredWith(delivery, limits.get(delivery.appId)!));
      }
      return answers;
    },
  };
}

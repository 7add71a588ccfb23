import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '@sensorium/core/server';
import type { DeliveryStatus } from '../../common/history';
import { notificationsDeliveries as deliveries } from '../dispatch/schema';

/**
 * What a provider's status means for the row: Twilio's MessageStatus (queued, sending, sent, delivered, read,
 * undelivered, failed) and CallStatus (initiated, ringing, in-progress, completed, busy, no-answer, canceled, failed),
 * which a generic gateway may use too. A completed call was answered, so it is delivered.
 */
const ROW_STATUS: Record<string, 'sent' | 'delivered' | 'failed'> = {
  accepted: 'sent',
  queued: 'sent',
  sending: 'sent',
  sent: 'sent',
  initiated: 'sent',
  ringing: 'sent',
  answered: 'sent',
  'in-progress': 'sent',
  delivered: 'delivered',
  read: 'delivered',
  completed: 'delivered',
  undelivered: 'failed',
  failed: 'failed',
  busy: 'failed',
  'no-answer': 'failed',
  canceled: 'failed',
};

/** The statuses a row may move from to each status: callbacks arrive out of order, and an end is never undone. */
const MOVES_FROM: Record<'sent' | 'delivered' | 'failed', DeliveryStatus[]> = {
  sent: ['sending', 'unknown'],
  delivered: ['sending', 'sent', 'unknown'],
  failed: ['sending', 'sent', 'unknown'],
};

export const rowStatusOf = (providerStatus: string) => ROW_STATUS[providerStatus.trim().toLowerCase()] ?? null;

/**
 * Moves a delivery to what its provider reported; `error` (the provider's status and error code) is kept for a failure.
 * Answers whether the row changed. An unknown provider status changes nothing.
 */
export async function followProviderStatus(
  db: Database,
  deliveryId: string,
  providerStatus: string,
  errorCode: string,
): Promise<boolean> {
  const status = rowStatusOf(providerStatus);
  if (!status) return false;
  const error = status === 'failed' ? [providerStatus, errorCode && `(${errorCode})`].filter(Boolean).join(' ') : null;
  const changed = await db
    .update(deliveries)
    .set({ status, error, updatedAt: sql`now()` })
    .where(and(eq(deliveries.id, deliveryId), inArray(deliveries.status, MOVES_FROM[status])))
    .returning({ id: deliveries.id });
  return changed.length > 0;
}

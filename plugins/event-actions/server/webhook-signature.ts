import { createHmac } from 'node:crypto';

/** `t=<unix seconds>,v1=<hex HMAC-SHA256(secret, t + "." + payload)>` (docs/alarm-loop.md, Webhooks). */
export const SIGNATURE_HEADER = 'X-Sensorium-Signature';
/** The delivery's id: the same on every retry, so a receiver can ignore a delivery it already handled. */
export const DELIVERY_HEADER = 'X-Sensorium-Delivery';
/** created, acknowledged or cleared. */
export const EVENT_HEADER = 'X-Sensorium-Event';

/**
 * The signature header of a webhook request sent at `unixSeconds`. The payload is the raw body of a POST, or the query
 * string (without `?`) of a GET, which has no body. The timestamp is signed too, so a receiver can refuse old replays.
 */
export function signatureHeader(secret: string, unixSeconds: number, payload: string): string {
  const digest = createHmac('sha256', secret).update(`${unixSeconds}.${payload}`).digest('hex');
  return `t=${unixSeconds},v1=${digest}`;
}

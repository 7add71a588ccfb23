import { createToken } from '@sensorium/core/common';

/** How many webhook requests one application made in one calendar month (UTC), for usage reports. */
export interface WebhookMonth {
  appId: string;
  /** `YYYY-MM`. */
  month: string;
  /** Tries of the delivery log: each is one request to the receiver (retries count again). */
  requests: number;
}

/** Counts of the webhook delivery log this plugin owns, grouped by the database. */
export interface WebhookUsage {
  /** Per application and month of [from, to); months without a request are left out. */
  monthly(appIds: readonly string[], from: Date, to: Date): Promise<WebhookMonth[]>;
}
export const WebhookUsageToken = createToken<WebhookUsage>('event-actions.webhook-usage');

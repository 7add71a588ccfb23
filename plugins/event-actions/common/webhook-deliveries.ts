import { IsOptional, IsUUID } from 'class-validator';
import { PageNumber } from '@sensorium/core/common';
import type { WebhookMethod } from '@sensorium/nodes/common';
import type { ActionTransition } from './transitions';

/** Webhook tries per page of GET /api/event-actions/{appId}/webhook-deliveries. */
export const WEBHOOK_DELIVERIES_PAGE_SIZE = 20;

/**
 * How one try of a webhook ended: `succeeded` (2xx), `retrying` (5xx, 429, a timeout or no connection: tried again
 * later) or `failed` (another answer, a refused address, bad templates, or the last retry).
 */
export type WebhookTryStatus = 'succeeded' | 'retrying' | 'failed';

/** One try of one webhook delivery (the delivery log). */
export interface WebhookDeliveryTry {
  id: number;
  /** The delivery, sent as X-Sensorium-Delivery: the same on every try of it. */
  deliveryId: string;
  eventId: string;
  transition: ActionTransition;
  method: WebhookMethod;
  url: string;
  /** 1 for the first try. */
  try: number;
  status: WebhookTryStatus;
  /** The receiver's HTTP status; null when no answer came. */
  responseCode: number | null;
  durationMs: number;
  error: string | null;
  at: string;
}

export interface WebhookDeliveriesPage {
  total: number;
  /** Counts from 0, as the event list's pages do. */
  page: number;
  size: number;
  /** Newest first. */
  deliveries: WebhookDeliveryTry[];
}

/** Query of the delivery log: one event's tries or all of the application's, a page at a time. */
export class WebhookDeliveriesQuery {
  @IsOptional()
  @IsUUID()
  eventId?: string;

  @PageNumber()
  page: number = 0;
}

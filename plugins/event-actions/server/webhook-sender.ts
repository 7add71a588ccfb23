import { and, eq, inArray, sql } from 'drizzle-orm';
import {
  OutboundRequestError,
  type Database,
  type OutboundRequests,
  type QueuedJob,
  type QueueDefinition,
} from '@sensorium/core/server';
import { SYSTEM_ACTOR, type EventStore } from '@sensorium/events/common';
import type { WebhookTryStatus } from '../common';
import type { AppSecrets } from './app-secrets';
import { WEBHOOK_QUEUE, type WebhookJob } from './plan-actions';
import { webhookDeliveries, webhooks } from './schema';
import { renderWebhookRequest, WebhookSettingError, type WebhookRequest } from './webhook-request';
import { DELIVERY_HEADER, EVENT_HEADER, signatureHeader, SIGNATURE_HEADER } from './webhook-signature';

/** Retries after the first try; pauses grow from 5 s (5–10 s, 10–20 s, …), about 5 minutes in all. */
export const WEBHOOK_RETRY_LIMIT = 5;
const WEBHOOK_RETRY_DELAY_SECONDS = 5;
const WEBHOOK_TIMEOUT_MS = 10_000;
/** The log keeps what went wrong, not a whole error page. */
const MAX_ERROR_LENGTH = 500;

interface TryOutcome {
  status: WebhookTryStatus;
  responseCode: number | null;
  error: string | null;
}

/** 2xx succeeds; 5xx and 429 (the receiver is busy) are tried again; any other answer will not change by retrying. */
function outcomeOfAnswer(code: number): TryOutcome {
  if (code >= 200 && code < 300) return { status: 'succeeded', responseCode: code, error: null };
  const status = code >= 500 || code === 429 ? 'retrying' : 'failed';
  return { status, responseCode: code, error: `The receiver answered HTTP ${code}` };
}

/** No answer: a timeout or a connection that failed may pass; a refused address or a bad URL will not. */
function outcomeOfFailure(error: unknown): TryOutcome {
  const message = (error as Error).message.slice(0, MAX_ERROR_LENGTH);
  const transient =
    !(error instanceof WebhookSettingError) &&
    (!(error instanceof OutboundRequestError) || error.reason === 'timeout' || error.reason === 'unreachable');
  return { status: transient ? 'retrying' : 'failed', responseCode: null, error: message };
}

/** Signs and sends webhook deliveries (queue event-actions.webhook), logging each try and noting each end on the event. */
export class WebhookSender {
  constructor(
    private readonly db: Database,
    private readonly outbound: OutboundRequests,
    private readonly secrets: AppSecrets,
    private readonly events: EventStore,
  ) {}

  queue(): QueueDefinition<WebhookJob> {
    return {
      name: WEBHOOK_QUEUE,
      retryLimit: WEBHOOK_RETRY_LIMIT,
      retryDelay: WEBHOOK_RETRY_DELAY_SECONDS,
      retryBackoff: true,
      expireInSeconds: 60,
      work: (job) => this.deliver(job),
    };
  }

  /**
   * One try. The delivery is claimed first: a job run again after its delivery ended (at-least-once queues) does
   * nothing. A transient failure throws, so the queue tries again later, until its last retry, which ends as failed.
   */
  async deliver(job: QueuedJob<WebhookJob>): Promise<void> {
    const [webhook] = await this.db
      .update(webhooks)
      .set({ status: 'sending', tries: sql`${webhooks.tries} + 1` })
      .where(and(eq(webhooks.id, job.data.webhookId), inArray(webhooks.status, ['queued', 'sending'])))
      .returning();
    if (!webhook) return;
    const started = Date.now();
    let request: WebhookRequest | null = null;
    let outcome: TryOutcome;
    try {
      request = await renderWebhookRequest(webhook.setting, webhook.event, webhook.transition);
      const response = await this.send(webhook.id, webhook.appId, webhook.transition, request);
      outcome = outcomeOfAnswer(response);
    } catch (error) {
      outcome = outcomeOfFailure(error);
    }
    const status = outcome.status === 'retrying' && job.retryCount >= WEBHOOK_RETRY_LIMIT ? 'failed' : outcome.status;
    const ended = status !== 'retrying';
    await this.db.transaction(async (tx) => {
      await tx.insert(webhookDeliveries).values({
        webhookId: webhook.id,
        appId: webhook.appId,
        eventId: webhook.eventId,
        itemUuid: webhook.itemUuid,
        transition: webhook.transition,
        url: request?.url ?? webhook.setting.url,
        method: webhook.setting.method,
        try: webhook.tries,
        status,
        responseCode: outcome.responseCode,
        durationMs: Date.now() - started,
        error: outcome.error,
      });
      await tx
        .update(webhooks)
        .set(ended ? { status, finishedAt: new Date() } : { status: 'queued' })
        .where(eq(webhooks.id, webhook.id));
      if (ended) {
        await this.events.note(tx, {
          eventId: webhook.eventId,
          kind: 'notified',
          actor: SYSTEM_ACTOR,
          detail: {
            action: 'webhook',
            transition: webhook.transition,
            deliveryId: webhook.id,
            outcome: status,
            tries: webhook.tries,
            responseCode: outcome.responseCode,
            error: outcome.error,
          },
        });
      }
    });
    if (!ended) throw new Error(outcome.error ?? 'webhook try failed');
  }

  /** Sends the signed request through the outbound guard; answers the HTTP status (redirects are not followed). */
  private async send(id: string, appId: string, transition: string, request: WebhookRequest): Promise<number> {
    const secret = await this.secrets.secretOf(appId);
    const signedPayload = request.body ?? new URL(request.url).search.slice(1);
    const ours: Record<string, string> = {
      [SIGNATURE_HEADER]: signatureHeader(secret, Math.floor(Date.now() / 1000), signedPayload),
      [DELIVERY_HEADER]: id,
      [EVENT_HEADER]: transition,
      'User-Agent': 'Sensorium-Webhook/1',
    };
    // The receiver's own headers, except where they would overwrite ours (names differ only in case in HTTP).
    const reserved = new Set(Object.keys(ours).map((name) => name.toLowerCase()));
    const theirs = Object.entries(request.headers).filter(([name]) => !reserved.has(name.toLowerCase()));
    const typed = theirs.some(([name]) => name.toLowerCase() === 'content-type');
    const headers: Record<string, string> = {
      ...(request.body !== null && !typed ? { 'Content-Type': 'application/json' } : {}),
      ...Object.fromEntries(theirs),
      ...ours,
    };
    const response = await this.outbound.fetch(request.url, {
      method: request.method,
      headers,
      ...(request.body !== null ? { body: request.body } : {}),
      timeoutMs: WEBHOOK_TIMEOUT_MS,
      maxRedirects: 0,
    });
    return response.status;
  }
}

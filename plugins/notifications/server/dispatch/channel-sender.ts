import type { SqlExecutor } from '@sensorium/core/server';
import type { DeliveryChannel } from '../../common/history';
import type { DeliveryRow } from './schema';

/** A claimed delivery as a sender gets it: the row, with the variables completed for rendering (`appName`). */
export interface DeliveryToSend extends DeliveryRow {
  variables: Record<string, unknown>;
}

/** How a send ended: handed over (`sent`) or already confirmed (`delivered`), with the provider's id for callbacks. */
export interface SendOutcome {
  status: 'sent' | 'delivered';
  providerId: string | null;
  /** The history's Service when it depends on the delivery (the organisation's provider kind); the sender's otherwise. */
  service?: string;
}

/** The provider refused the delivery for good (a 4xx answer, a refused address, no provider set): no retry helps. */
export class DeliveryRefusedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DeliveryRefusedError';
  }
}

/** What became of a send whose try died after its claim: found at the provider, not there, or nobody can tell. */
export type RecoveredOutcome = SendOutcome | 'unsent' | 'unknown';

/**
 * Sends a channel's deliveries. A sender without `recover` (the e-mail outbox, which only writes rows) is called inside
 * the transaction that claimed the row (status `sending`) and that records the outcome, so it acts exactly once.
 * A sender with `recover` calls a provider, which no transaction can take back: its claim is committed first, so a try
 * that dies after the call leaves the row `sending`, and the job's next run asks `recover` what became of it before
 * sending again. A thrown TemplateError or DeliveryRefusedError fails the delivery for good; any other error gives the
 * claim back and the job is retried.
 * SMS, WhatsApp and voice plug in from the providers part (server/providers), one sender per channel.
 */
export interface ChannelSender {
  channel: DeliveryChannel;
  /** The provider kind shown as the history's Service. */
  service: string;
  send(delivery: DeliveryToSend, tx: SqlExecutor): Promise<SendOutcome>;
  /**
   * Several deliveries of this channel at once (the deliver worker's batch), as `send` each would; a delivery's own
   * error (its template) is its entry of the answer, while an error thrown fails them all.
   */
  sendMany?(deliveries: readonly DeliveryToSend[], tx: SqlExecutor): Promise<(SendOutcome | Error)[]>;
  /** The outcome of an earlier try of `delivery` (claimed when its row was last updated) that did not record it. */
  recover?(delivery: DeliveryToSend, tx: SqlExecutor): Promise<RecoveredOutcome>;
}

/** The senders by channel, one each. */
export class ChannelSenders {
  private readonly byChannel = new Map<DeliveryChannel, ChannelSender>();

  constructor(senders: readonly ChannelSender[]) {
    for (const sender of senders) this.add(sender);
  }

  add(sender: ChannelSender): void {
    if (this.byChannel.has(sender.channel)) throw new Error(`Two senders for the ${sender.channel} channel`);
    this.byChannel.set(sender.channel, sender);
  }

  get(channel: DeliveryChannel): ChannelSender | null {
    return this.byChannel.get(channel) ?? null;
  }
}

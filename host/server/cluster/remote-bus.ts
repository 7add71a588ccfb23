import { randomUUID } from 'node:crypto';
import type { ClusterBus, Logger } from '@sensorium/core/server';
import { ChannelTable } from './channel-table';

/** Messages waiting for the bus beyond this are dropped, oldest first: a long outage must not grow memory unbounded. */
export const MAX_QUEUED_MESSAGES = 10_000;

/**
 * What the PostgreSQL and Redis buses share: local delivery at once, and the messages sent while the previous batch
 * was on its way going out together as one batch (`[[channel, payload], …]` in JSON), so thousands of sends a second
 * cost as many round trips as the transport takes, and one instance's messages keep their order. Each instance skips
 * the batches it sent itself (it delivered them already).
 */
export abstract class RemoteClusterBus implements ClusterBus {
  readonly spansInstances = true;
  /** This instance's id on the bus. */
  protected readonly instanceId = randomUUID();
  private readonly channels = new ChannelTable();
  /** Each message as `[name,payload]` JSON, ready to join a batch. */
  private queue: string[] = [];
  private flushing: Promise<void> | null = null;
  /** Messages dropped since the last batch that went out, for one warning per outage rather than one per batch. */
  private dropped = 0;
  protected closed = false;

  constructor(protected readonly log: Logger) {}

  channel<T>(name: string, onMessage: (payload: T) => void): (payload: T) => void {
    this.channels.add(name, onMessage);
    return (payload) => {
      const text = JSON.stringify(payload);
      if (!this.closed) this.enqueue(`[${JSON.stringify(name)},${text}]`);
      this.channels.deliver(name, JSON.parse(text));
    };
  }

  /** Sends what is queued, then stops delivering and releases the transport. */
  async close(): Promise<void> {
    this.closed = true;
    await this.flushing;
    await this.release();
  }

  /** Sends one batch to every other instance; rejects when it could not. */
  protected abstract transmit(batch: string): Promise<void>;
  protected abstract release(): Promise<void>;

  /** A batch another transport instance received: delivered unless this instance sent it. */
  protected receive(from: string, batch: string): void {
    if (from === this.instanceId || this.closed) return;
    let messages: unknown;
    try {
      messages = JSON.parse(batch);
    } catch (error) {
      this.log.warn({ err: error, from }, 'cluster bus: unreadable batch ignored');
      return;
    }
    if (!Array.isArray(messages)) return;
    for (const message of messages) {
      if (!Array.isArray(message) || typeof message[0] !== 'string') continue;
      try {
        this.channels.deliver(message[0], message[1]);
      } catch (error) {
        this.log.error({ err: error, channel: message[0] }, 'cluster bus: handler failed');
      }
    }
  }

  private enqueue(message: string): void {
    this.queue.push(message);
    if (this.queue.length > MAX_QUEUED_MESSAGES) {
      this.dropped += this.queue.length - MAX_QUEUED_MESSAGES;
      this.queue.splice(0, this.queue.length - MAX_QUEUED_MESSAGES);
    }
    // After the current task, so the sends of one tick share a batch.
    this.flushing ??= Promise.resolve().then(() => this.flush());
  }

  private async flush(): Promise<void> {
    while (this.queue.length > 0) {
      const batch = this.queue;
      this.queue = [];
      try {
        await this.transmit(`[${batch.join(',')}]`);
        if (this.dropped > 0) this.log.info({ dropped: this.dropped }, 'cluster bus: reaching the other instances again');
        this.dropped = 0;
      } catch (error) {
        if (this.dropped === 0) this.log.warn({ err: error }, 'cluster bus: messages not reaching the other instances');
        this.dropped += batch.length;
      }
    }
    this.flushing = null;
  }
}

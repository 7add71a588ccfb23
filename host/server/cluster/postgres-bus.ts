import pg from 'pg';
import type { Logger } from '@sensorium/core/server';
import { RemoteClusterBus } from './remote-bus';

const CHANNEL = 'sensorium_cluster_bus';
/** How the bus's connections are named in pg_stat_activity. */
export const BUS_APPLICATION_NAME = 'sensorium-cluster-bus';
/** NOTIFY takes payloads shorter than 8000 bytes; a frame's header (ids and counts) stays under 100. */
const FRAME_DATA_CHARS = 7_900;
const FIRST_RETRY_MS = 200;
const LAST_RETRY_MS = 5_000;

/** JSON with every character beyond ASCII as a \u escape, so one character is one byte and frames cut anywhere. */
const asciiJson = (json: string) =>
  json.replace(/[\u007f-\uffff]/g, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);

/**
 * The bus over PostgreSQL LISTEN/NOTIFY, on one dedicated connection per instance that both listens and notifies. A
 * batch longer than one NOTIFY payload goes out in frames (`<instance> <batch> <index> <count> <data>`) notified in
 * one statement, hence one transaction, which PostgreSQL delivers whole or not at all; receivers join them. A lost
 * connection is opened again (after 0.2 s, doubling up to 5 s); what was sent meanwhile is missed.
 */
export class PostgresClusterBus extends RemoteClusterBus {
  private client: pg.Client | null = null;
  private retry: ReturnType<typeof setTimeout> | null = null;
  private retryMs = FIRST_RETRY_MS;
  private batchSeq = 0;
  /** Frames received of batches not yet complete, by `<instance> <batch>`. */
  private readonly partial = new Map<string, string[]>();

  private constructor(
    private readonly url: string,
    log: Logger,
  ) {
    super(log);
  }

  /** Connects and listens; rejects when the database cannot be reached. */
  static async open(url: string, log: Logger): Promise<PostgresClusterBus> {
    const bus = new PostgresClusterBus(url, log);
    await bus.listen();
    return bus;
  }

  protected async transmit(batch: string): Promise<void> {
    const client = this.client;
    if (!client) throw new Error('cluster bus: not connected to PostgreSQL');
    const data = asciiJson(batch);
    const head = `${this.instanceId} ${++this.batchSeq}`;
    const count = Math.max(1, Math.ceil(data.length / FRAME_DATA_CHARS));
    const frames = Array.from(
      { length: count },
      (_, index) => `${head} ${index} ${count} ${data.slice(index * FRAME_DATA_CHARS, (index + 1) * FRAME_DATA_CHARS)}`,
    );
    await client.query('SELECT pg_notify($1, frame) FROM unnest($2::text[]) AS frame', [CHANNEL, frames]);
  }

  protected async release(): Promise<void> {
    if (this.retry) clearTimeout(this.retry);
    this.retry = null;
    const client = this.client;
    this.client = null;
    await client?.end();
  }

  private async listen(): Promise<void> {
    const client = new pg.Client({ connectionString: this.url, application_name: BUS_APPLICATION_NAME });
    client.on('notification', (notification) => {
      if (notification.channel === CHANNEL && notification.payload) this.onFrame(notification.payload);
    });
    client.on('error', (error) => this.lost(client, error));
    client.on('end', () => this.lost(client, null));
    try {
      await client.connect();
      await client.query(`LISTEN ${CHANNEL}`);
    } catch (error) {
      await client.end().catch(() => undefined);
      throw error;
    }
    if (this.closed) {
      await client.end();
      return;
    }
    this.client = client;
    this.retryMs = FIRST_RETRY_MS;
  }

  private onFrame(frame: string): void {
    const [from = '', batch, index, count] = frame.split(' ', 4);
    if (from === this.instanceId) return;
    const header = `${from} ${batch} ${index} ${count} `;
    const data = frame.slice(header.length);
    const total = Number(count);
    const at = Number(index);
    if (!Number.isInteger(total) || !Number.isInteger(at) || at < 0 || at >= total) return;
    if (total === 1) {
      this.receive(from, data);
      return;
    }
    const key = `${from} ${batch}`;
    const frames = this.partial.get(key) ?? new Array<string>(total);
    frames[at] = data;
    this.partial.set(key, frames);
    if (frames.filter((part) => part !== undefined).length < total) return;
    this.partial.delete(key);
    this.receive(from, frames.join(''));
  }

  /** The connection's error or end: forgotten, and opened again unless the bus is closing. */
  private lost(client: pg.Client, error: Error | null): void {
    // A failed attempt is handled where it was made; an old connection's late events change nothing.
    if (client !== this.client) return;
    this.client = null;
    // A transaction's frames arrive together, so a batch cut off by the loss never completes.
    this.partial.clear();
    void client.end().catch(() => undefined);
    if (this.closed) return;
    this.log.warn({ err: error }, 'cluster bus: PostgreSQL LISTEN connection lost, reconnecting');
    this.reconnect();
  }

  private reconnect(): void {
    if (this.retry || this.closed) return;
    this.retry = setTimeout(() => {
      this.retry = null;
      this.listen().then(
        () => this.log.info('cluster bus: PostgreSQL LISTEN connection open again'),
        (error: unknown) => {
          this.log.warn({ err: error, retryMs: this.retryMs }, 'cluster bus: PostgreSQL reconnect failed');
          this.retryMs = Math.min(this.retryMs * 2, LAST_RETRY_MS);
          this.reconnect();
        },
      );
    }, this.retryMs);
  }
}

import { Redis } from 'ioredis';
import type { Logger } from '@sensorium/core/server';
import { RemoteClusterBus } from './remote-bus';

/** The pub/sub channel; Redis pub/sub ignores database numbers, so clusters sharing one Redis need their own channel. */
export const DEFAULT_REDIS_CHANNEL = 'sensorium:cluster-bus';

/**
 * The bus over Redis pub/sub (REDIS_URL): one connection publishes, another subscribes (a subscribed connection takes
 * no other command); each message is `<instance> <batch>`. ioredis reconnects and subscribes again by itself, and
 * keeps what is published meanwhile until it can send it (up to its retry limit, then the batch is dropped).
 */
export class RedisClusterBus extends RemoteClusterBus {
  private down = false;

  private constructor(
    private readonly publisher: Redis,
    private readonly subscriber: Redis,
    private readonly redisChannel: string,
    log: Logger,
  ) {
    super(log);
    subscriber.on('message', (channel: string, message: string) => {
      if (channel !== redisChannel) return;
      const space = message.indexOf(' ');
      if (space > 0) this.receive(message.slice(0, space), message.slice(space + 1));
    });
    for (const connection of [publisher, subscriber]) {
      connection.on('error', (error: unknown) => {
        if (this.down) return;
        this.down = true;
        this.log.warn({ err: error }, 'cluster bus: Redis connection lost, reconnecting');
      });
      connection.on('ready', () => {
        if (!this.down) return;
        this.down = false;
        this.log.info('cluster bus: Redis connection open again');
      });
    }
  }

  /** Connects and subscribes; rejects when Redis cannot be reached. */
  static async open(url: string, log: Logger, channel = DEFAULT_REDIS_CHANNEL): Promise<RedisClusterBus> {
    const publisher = new Redis(url, { lazyConnect: true, connectionName: 'sensorium-cluster-bus' });
    const subscriber = publisher.duplicate();
    const bus = new RedisClusterBus(publisher, subscriber, channel, log);
    try {
      await Promise.all([publisher.connect(), subscriber.connect()]);
      await subscriber.subscribe(channel);
    } catch (error) {
      publisher.disconnect();
      subscriber.disconnect();
      throw new Error(`REDIS_URL: cannot reach Redis (${(error as Error).message})`, { cause: error });
    }
    return bus;
  }

  protected async transmit(batch: string): Promise<void> {
    await this.publisher.publish(this.redisChannel, `${this.instanceId} ${batch}`);
  }

  protected async release(): Promise<void> {
    await Promise.allSettled([this.publisher.quit(), this.subscriber.quit()]);
  }
}

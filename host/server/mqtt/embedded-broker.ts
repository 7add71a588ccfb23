import { timingSafeEqual } from 'node:crypto';
import { createServer, type AddressInfo, type Server } from 'node:net';
import { Aedes, type AuthenticateError, type PublishPacket } from 'aedes';
import type { FastifyBaseLogger } from 'fastify';
import type { MqttBatchHandler, MqttConsumeOptions, MqttMessage, MqttPublishOptions } from '@sensorium/core/server';
import { DeviceAcl } from './device-acl';
import { GroupCommit } from './group-commit';
import { oversizedMessage } from './message-size';
import { topicMatches } from './topic-filter';
import type { HostMqttService } from './types';

interface Consumer {
  id: string;
  filter: string;
  downlinks: string | null;
  commit: GroupCommit<MqttMessage>;
}

export interface EmbeddedBrokerOptions {
  host: string;
  port: number;
  username: string;
  password: string;
  topicPrefix: string;
  /** Larger uplinks are acknowledged and handed on cut, marked `oversized`, for the dead letters. */
  maxUplinkBytes: number;
  log: FastifyBaseLogger;
}

function sameSecret(given: Buffer | string | undefined, expected: string): boolean {
  if (given === undefined) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * The embedded broker (aedes 1.x). Uplinks are taken in `authorizePublish`: aedes sends the publisher's PUBACK only
 * after that callback (lib/handlers/publish.js: authorizePublish, then enqueuePublish writes the PubAck), so the callback
 * is held until the batch holding the uplink is committed: an acknowledged uplink is stored. A failed commit answers the
 * callback with an error, which closes the publisher's connection without a PUBACK, and the publisher sends it again.
 * The console has no subscription of its own, so an ingested uplink is not forwarded anywhere unless a client subscribed
 * to it (a network server). Device credentials are held to the DeviceAcl: publish uplinks, subscribe to downlinks.
 */
export class EmbeddedMqttBroker implements HostMqttService {
  readonly mode = 'embedded' as const;
  private readonly consumers: Consumer[] = [];
  private broker: Aedes | null = null;
  private server: Server | null = null;
  private port = 0;

  constructor(private readonly options: EmbeddedBrokerOptions) {}

  get brokerUrl(): string {
    const host = this.options.host === '0.0.0.0' || this.options.host === '::' ? '127.0.0.1' : this.options.host;
    return `mqtt://${host.includes(':') ? `[${host}]` : host}:${this.port || this.options.port}`;
  }

  get deviceCredentials() {
    return { username: this.options.username, password: this.options.password };
  }

  async consume(
    id: string,
    filter: string,
    handler: MqttBatchHandler,
    options: MqttConsumeOptions = {},
  ): Promise<() => Promise<void>> {
    const consumer: Consumer = { id, filter, downlinks: options.downlinks ?? null, commit: new GroupCommit(handler) };
    this.consumers.push(consumer);
    return async () => {
      this.consumers.splice(this.consumers.indexOf(consumer), 1);
      await consumer.commit.idle();
    };
  }

  async publish(topic: string, payload: string | Buffer, options: MqttPublishOptions = {}): Promise<void> {
    const broker = this.broker;
    if (!broker) throw new Error('The embedded MQTT broker is not running');
    const packet: PublishPacket = {
      cmd: 'publish',
      topic: this.options.topicPrefix + topic,
      payload: typeof payload === 'string' ? Buffer.from(payload) : payload,
      qos: options.qos ?? 1,
      retain: options.retain ?? false,
      dup: false,
    };
    await new Promise<void>((resolve, reject) => broker.publish(packet, (error) => (error ? reject(error) : resolve())));
  }

  /** Opens the listener; called once the adapters consume, so no uplink is acknowledged before someone takes it. */
  async listen(): Promise<void> {
    const { log, username, password, topicPrefix, maxUplinkBytes } = this.options;
    const acl = new DeviceAcl(
      topicPrefix,
      () => this.consumers.map((consumer) => consumer.filter),
      () => this.consumers.flatMap((consumer) => (consumer.downlinks ? [consumer.downlinks] : [])),
    );
    const broker = await Aedes.createBroker({
      authenticate: (_client, givenUsername, givenPassword, done) => {
        if (givenUsername === username && sameSecret(givenPassword, password)) return done(null, true);
        const error = Object.assign(new Error('Bad username or password'), { returnCode: 4 }) as AuthenticateError;
        done(error, false);
      },
      authorizePublish: (client, packet, done) => {
        if (packet.topic.startsWith('$SYS')) return done(new Error('$SYS topics are reserved'));
        // Closes the connection without a PUBACK (MQTT 3.1.1 has no refusal code for a PUBLISH). Wills are checked too.
        if (!acl.mayPublish(packet.topic)) return done(new Error(`not authorised to publish to ${packet.topic}`));
        // An old will aedes publishes for a client long gone (client null) is no uplink to store.
        if (!client) return done(null);
        const topic = packet.topic.slice(topicPrefix.length);
        const consumer = this.consumers.find((candidate) => topicMatches(candidate.filter, topic));
        if (!consumer) return done(null);
        // An oversized uplink goes on cut, to be acknowledged into the dead letters.
        consumer.commit.add(oversizedMessage(topic, Buffer.from(packet.payload), maxUplinkBytes)).then(
          () => done(null),
          (error: unknown) => {
            log.error({ err: error, topic }, 'uplink not stored; the publisher will send it again');
            done(error instanceof Error ? error : new Error(String(error)));
          },
        );
      },
      // Refused filters are answered with the SUBACK failure code 0x80; the connection stays.
      authorizeSubscribe: (_client, subscription, done) => done(null, acl.maySubscribe(subscription.topic) ? subscription : null),
    });
    broker.on('clientError', (client, error) => log.debug({ client: client.id, err: error }, 'MQTT client error'));
    const server = createServer(broker.handle);
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.options.port, this.options.host, () => {
        server.off('error', reject);
        resolve();
      });
    });
    this.broker = broker;
    this.server = server;
    this.port = (server.address() as AddressInfo).port;
    log.info({ url: this.brokerUrl, username }, 'embedded MQTT broker listening');
  }

  async close(): Promise<void> {
    const { broker, server } = this;
    this.broker = null;
    this.server = null;
    // Stop accepting first; the server's close completes once aedes has ended every client connection.
    const closed = server ? new Promise<void>((resolve) => server.close(() => resolve())) : Promise.resolve();
    if (broker) await new Promise<void>((resolve) => broker.close(() => resolve()));
    await closed;
  }
}

import { connect, connectAsync, type IClientOptions, type IPublishPacket, type MqttClient } from 'mqtt';
import type { FastifyBaseLogger } from 'fastify';
import type { MqttBatchHandler, MqttMessage, MqttPublishOptions } from '@sensorium/core/server';
import { GroupCommit } from './group-commit';
import { oversizedMessage } from './message-size';
import type { ConsumerMeters } from './mqtt-metrics';
import type { HostMqttService } from './types';

/** How long a graceful disconnect (PUBACKs, then DISCONNECT) may take before the connection is dropped. */
const DISCONNECT_TIMEOUT_MS = 2_000;

export interface ExternalBrokerOptions {
  url: string;
  username: string | null;
  password: string | null;
  clientId: string;
  /** Stem of the shared-subscription group: the same for every instance of one deployment. */
  shareGroup: string;
  topicPrefix: string;
  /** Subscriber connections per consumer (shared subscription members); 1 subscribes without $share. */
  connections: number;
  /** Larger uplinks are acknowledged and handed on cut, marked `oversized`, for the dead letters. */
  maxUplinkBytes: number;
  log: FastifyBaseLogger;
  /** Each consumer's group-commit metrics. */
  meters: ConsumerMeters;
}

type SendPacket = (packet: { cmd: string; messageId?: number }, cb?: (error?: Error) => void, ...rest: unknown[]) => void;

/**
 * Lets one connection hold many QoS 1 messages in its commit window. mqtt.js sends a message's PUBACK when
 * `handleMessage`'s callback runs, and handles a connection's packets strictly one after the other (client.ts `work`: the
 * next packet only once the previous one's PUBACK was written). Holding the callback until commit would therefore give
 * batches of one message per connection. Instead the callback runs at once and the PUBACK itself is held: mqtt.js's
 * `_sendPacket` is wrapped so that a PUBACK whose message is still being committed is written only after that commit.
 * Commits finish in arrival order (one group commit at a time), so PUBACKs still go out in the order the messages came
 * (MQTT-4.6.0-2). A PUBACK held over a lost connection is dropped: the broker sends the message again on the new
 * connection (persistent session), and deduplication drops what was stored. A failed commit drops the connection, for the
 * same redelivery. The broker's own in-flight window (Mosquitto max_inflight_messages, default 20) bounds what one
 * connection holds, so each consumer also opens several connections sharing one subscription.
 */
function holdAcknowledgements(client: MqttClient, onFailure: (error: unknown) => void): Map<number, Promise<void>> {
  const commits = new Map<number, Promise<void>>();
  const target = client as unknown as { _sendPacket: SendPacket };
  const send = target._sendPacket.bind(client);
  if (typeof send !== 'function') throw new Error('mqtt.js changed: MqttClient._sendPacket is missing');
  target._sendPacket = (packet, cb, ...rest) => {
    const commit = packet.cmd === 'puback' && packet.messageId !== undefined ? commits.get(packet.messageId) : undefined;
    if (!commit) return send(packet, cb, ...rest);
    commits.delete(packet.messageId!);
    const stream = client.stream;
    commit.then(
      () => {
        if (client.stream === stream && client.connected) send(packet, undefined, ...rest);
      },
      (error: unknown) => {
        onFailure(error);
        if (client.stream === stream) stream.destroy();
      },
    );
    // mqtt.js may go on with the next packet now; the PUBACK follows the commit.
    cb?.();
  };
  return commits;
}

/**
 * An external broker (MQTT_URL: Mosquitto, EMQX…). Each consumer subscribes with persistent sessions (clean: false, a fixed
 * client id per connection, QoS 1), so what arrives while the console is down waits at the broker, and acknowledges each
 * message only after its batch is committed (holdAcknowledgements). The consumer's `connections` connections share one
 * subscription (`$share/<group>/<filter>`, MQTT 5 shared subscriptions; Mosquitto 2 and EMQX accept them from 3.1.1
 * clients too), so a batch can hold up to connections × the broker's in-flight window. Note: a broker's queue limit
 * (Mosquitto max_queued_messages, default 1000 per session) bounds what it keeps for a slow or stopped console; beyond it
 * the broker drops messages it has already acknowledged to their publisher.
 * On shutdown (drain) messages arriving from then on are not taken and get no PUBACK (their handleMessage callback is
 * never answered, which also holds back the connection's later packets); those taken before are committed and
 * acknowledged, then each connection ends with DISCONNECT, and the broker keeps the rest for the next start.
 */
export class ExternalMqttBroker implements HostMqttService {
  readonly mode = 'external' as const;
  readonly deviceCredentials = null;
  private readonly clients = new Set<MqttClient>();
  private readonly commits = new Set<GroupCommit<MqttMessage>>();
  private publisher: Promise<MqttClient> | null = null;
  private draining: Promise<void> | null = null;

  constructor(private readonly options: ExternalBrokerOptions) {}

  get brokerUrl(): string {
    return this.options.url;
  }

  private clientOptions(clientId: string, clean: boolean): IClientOptions {
    return {
      clientId,
      clean,
      username: this.options.username ?? undefined,
      password: this.options.password ?? undefined,
      reconnectPeriod: 1000,
      connectTimeout: 10_000,
      resubscribe: true,
    };
  }

  async consume(id: string, filter: string, handler: MqttBatchHandler): Promise<() => Promise<void>> {
    const { topicPrefix, connections, clientId, shareGroup, log } = this.options;
    const commit = new GroupCommit<MqttMessage>(handler, undefined, this.options.meters(id));
    this.commits.add(commit);
    // One group for all instances of a deployment (their client ids differ): each uplink reaches one connection of one
    // instance, not every instance.
    const subscription = connections > 1 ? `$share/${shareGroup}-${id}/${topicPrefix}${filter}` : `${topicPrefix}${filter}`;
    const opened: MqttClient[] = [];
    const openOne = async (index: number) => {
      const options: IClientOptions = { ...this.clientOptions(`${clientId}-${id}-${index}`, false), manualConnect: true };
      // handleMessage is set before connecting: a persistent session delivers its queued messages right after CONNACK.
      const client = connect(this.options.url, options);
      const commits = holdAcknowledgements(client, (error) =>
        log.error({ err: error }, 'uplinks not stored; reconnecting so that the broker sends them again'),
      );
      client.handleMessage = (packet: IPublishPacket, callback: (error?: Error) => void) => {
        // Draining: not taken, not acknowledged (a callback would send the PUBACK); the broker sends it again later.
        if (this.draining) return;
        const topic = packet.topic.toString();
        if (!topic.startsWith(topicPrefix)) return callback();
        const payload = typeof packet.payload === 'string' ? Buffer.from(packet.payload) : Buffer.from(packet.payload);
        const committed = commit.add(oversizedMessage(topic.slice(topicPrefix.length), payload, this.options.maxUplinkBytes));
        // Failures are handled where the PUBACK waits (or by the callback below); never an unhandled rejection.
        committed.catch(() => {});
        if (packet.qos === 1 && packet.messageId !== undefined) {
          commits.set(packet.messageId, committed);
          callback();
        } else {
          // QoS 0 has no acknowledgement; QoS 2 keeps mqtt.js's own flow (PUBREC after the callback).
          committed.then(
            () => callback(),
            (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
          );
        }
      };
      client.on('error', (error) => log.warn({ err: error, clientId: options.clientId }, 'MQTT connection error'));
      client.connect();
      await new Promise<void>((resolve, reject) => {
        client.once('connect', () => resolve());
        client.once('error', reject);
      });
      await client.subscribeAsync(subscription, { qos: 1 });
      this.clients.add(client);
      opened.push(client);
    };
    await Promise.all(Array.from({ length: connections }, (_, index) => openOne(index)));
    log.info({ url: this.options.url, subscription, connections }, 'consuming from the external MQTT broker');
    return async () => {
      // No UNSUBSCRIBE: the persistent sessions keep collecting while the console is away.
      await Promise.all(opened.map((client) => this.end(client)));
      await commit.idle();
      this.commits.delete(commit);
    };
  }

  /** Ends a connection: gracefully (what is written goes out, then DISCONNECT), or at once after DISCONNECT_TIMEOUT_MS. */
  private async end(client: MqttClient): Promise<void> {
    this.clients.delete(client);
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timedOut = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, DISCONNECT_TIMEOUT_MS);
    });
    await Promise.race([client.endAsync(false).catch(() => undefined), timedOut]);
    clearTimeout(timer);
    if (!client.disconnected) client.stream.destroy();
  }

  async publish(topic: string, payload: string | Buffer, options: MqttPublishOptions = {}): Promise<void> {
    this.publisher ??= connectAsync(this.options.url, this.clientOptions(`${this.options.clientId}-out`, true)).then((client) => {
      client.on('error', (error) => this.options.log.warn({ err: error }, 'MQTT publisher error'));
      this.clients.add(client);
      return client;
    });
    const client = await this.publisher;
    await client.publishAsync(this.options.topicPrefix + topic, payload, {
      qos: options.qos ?? 1,
      retain: options.retain ?? false,
    });
  }

  async listen(): Promise<void> {}

  /** The external broker's users are its own: the console keeps no organisation passwords for it. */
  endOrganisationConnections(): void {}

  /** `connected` while every connection to the broker is up (reconnecting ones are not). */
  state(): 'connected' | 'disconnected' {
    return [...this.clients].every((client) => client.connected) ? 'connected' : 'disconnected';
  }

  /** Stops taking messages and resolves once every message taken before is committed and its PUBACK sent. */
  drain(): Promise<void> {
    this.draining ??= (async () => {
      await Promise.all([...this.commits].map((commit) => commit.idle()));
      // The held PUBACKs are written in the commits' continuations, which run before this.
      await new Promise((resolve) => setImmediate(resolve));
    })();
    return this.draining;
  }

  /** Drains, then ends every connection (the persistent sessions keep what was not taken). */
  async close(): Promise<void> {
    await this.drain();
    this.publisher = null;
    await Promise.all([...this.clients].map((client) => this.end(client)));
  }
}

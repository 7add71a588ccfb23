import { timingSafeEqual } from 'node:crypto';
import { createServer, type AddressInfo, type Server } from 'node:net';
import { Aedes, type AuthenticateError, type Client, type PublishPacket } from 'aedes';
import type { FastifyBaseLogger } from 'fastify';
import type {
  DeviceOwners,
  DeviceOwnerSnapshot,
  MqttBatchHandler,
  MqttConsumeOptions,
  MqttMessage,
  MqttPublishOptions,
} from '@sensorium/core/server';
import { DeviceAcl, type AclConsumer, type TopicDevice } from './device-acl';
import { DeviceOwnerCache } from './device-owner-cache';
import { GroupCommit } from './group-commit';
import { oversizedMessage } from './message-size';
import type { ConsumerMeters } from './mqtt-metrics';
import type { OrganisationCredentials } from './organisation-credentials';
import { topicMatches } from './topic-filter';
import type { HostMqttService } from './types';

interface Consumer extends AclConsumer {
  id: string;
  commit: GroupCommit<MqttMessage>;
}

/** How old a reading of the devices' owners may be for a forwarded downlink; a refused publish reads again after 1 s. */
const OWNERS_MAX_AGE_MS = 5_000;
const OWNERS_RECHECK_MS = 1_000;
/** How long a drain waits for the last acknowledgements to leave the sockets before the connections are closed. */
const ACK_FLUSH_MS = 1_000;

export interface EmbeddedBrokerOptions {
  host: string;
  port: number;
  username: string;
  password: string;
  topicPrefix: string;
  /** Larger uplinks are acknowledged and handed on cut, marked `oversized`, for the dead letters. */
  maxUplinkBytes: number;
  /** Organisations' own device passwords (usernames are organisation ids); null: only the shared credential. */
  credentials: OrganisationCredentials | null;
  log: FastifyBaseLogger;
  /** Each consumer's group-commit metrics. */
  meters: ConsumerMeters;
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
 * An organisation's credentials are further held to the devices bound to its items (DeviceOwners): its uplinks for
 * other devices are acknowledged and dropped, its subscriptions naming other devices refused, and other devices'
 * downlinks never forwarded to it.
 * On shutdown (drain) the listener stops accepting connections and uplinks arriving from then on are not taken: their
 * callback is never answered, so they get no PUBACK and the publisher sends them to the next server; those taken before
 * are committed and acknowledged, and only then are the connections closed.
 */
export class EmbeddedMqttBroker implements HostMqttService {
  readonly mode = 'embedded' as const;
  private readonly consumers: Consumer[] = [];
  private broker: Aedes | null = null;
  private server: Server | null = null;
  private port = 0;
  /** The organisation of each client that connected with an organisation's password (the shared one is the operator's). */
  private readonly organisationOf = new WeakMap<Client, string>();
  private readonly organisationClients = new Set<Client>();
  private readonly clients = new Set<Client>();
  private draining: Promise<void> | null = null;
  private listenerClosed: Promise<void> = Promise.resolve();
  private owners = new DeviceOwnerCache(null, OWNERS_MAX_AGE_MS, () => {});

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
    const consumer: Consumer = {
      id,
      filter,
      downlinks: options.downlinks ?? null,
      devices: options.devices ?? null,
      commit: new GroupCommit(handler, undefined, this.options.meters(id)),
    };
    this.consumers.push(consumer);
    return async () => {
      this.consumers.splice(this.consumers.indexOf(consumer), 1);
      await consumer.commit.idle();
    };
  }

  async publish(topic: string, payload: string | Buffer, options: MqttPublishOptions = {}): Promise<void> {
    const broker = this.broker;
    if (!broker) throw new Error('The embedded MQTT broker is not running');
    // Organisations' subscribers receive a downlink only for their own devices: an item saved a moment ago counts.
    if (this.organisationClients.size > 0) await this.owners.fresh(OWNERS_RECHECK_MS);
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

  /** Closes the connections made with the organisation's device password (after it changed). */
  endOrganisationConnections(organisationId: string): void {
    for (const client of this.organisationClients) {
      if (this.organisationOf.get(client) === organisationId) client.close();
    }
  }

  /** Whether the organisation owns the device a topic names, reading the owners again when the last reading says no. */
  private async owns(organisationId: string, device: TopicDevice | null): Promise<boolean> {
    if (!device) return false;
    const owner = (snapshot: DeviceOwnerSnapshot) =>
      snapshot.ownerOf(device.source, device.deviceId, device.application) === organisationId;
    return owner(this.owners.current()) || owner(await this.owners.fresh(OWNERS_RECHECK_MS));
  }

  private async authenticated(client: Client, username: string | undefined, password: Buffer | undefined): Promise<boolean> {
    const { username: sharedUsername, password: sharedPassword, credentials } = this.options;
    if (username === undefined || password === undefined) return false;
    if (username === sharedUsername) return sameSecret(password, sharedPassword);
    if (!credentials || !(await credentials.verify(username, password.toString('utf8')))) return false;
    this.organisationOf.set(client, username);
    return true;
  }

  /** Opens the listener; called once the adapters consume, so no uplink is acknowledged before someone takes it. */
  async listen(owners: DeviceOwners | null = null): Promise<void> {
    const { log, username, topicPrefix, maxUplinkBytes } = this.options;
    this.owners = new DeviceOwnerCache(owners, OWNERS_MAX_AGE_MS, (error) =>
      log.error({ err: error }, "reading the devices' owners failed"),
    );
    const acl = new DeviceAcl(topicPrefix, () => this.consumers);
    // The first uplink an organisation sends for a device it does not own is logged per connection; the rest are not.
    const warned = new WeakSet<Client>();
    const broker = await Aedes.createBroker({
      authenticate: (client, givenUsername, givenPassword, done) => {
        const refuse = () =>
          done(Object.assign(new Error('Bad username or password'), { returnCode: 4 }) as AuthenticateError, false);
        this.authenticated(client, givenUsername, givenPassword).then(
          (ok) => (ok ? done(null, true) : refuse()),
          (error: unknown) => {
            log.error({ err: error }, 'MQTT authentication failed');
            refuse();
          },
        );
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
        const take = () => {
          // Draining: not taken and never acknowledged, so the publisher sends it again to the next server.
          if (this.draining) return;
          // An oversized uplink goes on cut, to be acknowledged into the dead letters.
          consumer.commit.add(oversizedMessage(topic, Buffer.from(packet.payload), maxUplinkBytes)).then(
            () => done(null),
            (error: unknown) => {
              log.error({ err: error, topic }, 'uplink not stored; the publisher will send it again');
              done(error instanceof Error ? error : new Error(String(error)));
            },
          );
        };
        const organisationId = this.organisationOf.get(client);
        if (organisationId === undefined) return take();
        // Another organisation's device: acknowledged and dropped, not stored. Closing the connection instead would
        // make a network server resend it forever and hold back the organisation's own devices on that connection.
        this.owns(organisationId, acl.uplinkDevice(packet.topic)).then(
          (owned) => {
            if (owned) return take();
            const entry = { client: client.id, organisation: organisationId, topic };
            if (warned.has(client)) log.debug(entry, 'uplink for a device of no item of the organisation dropped');
            else log.warn(entry, 'uplink for a device of no item of the organisation dropped');
            warned.add(client);
            done(null);
          },
          (error: unknown) => done(error instanceof Error ? error : new Error(String(error))),
        );
      },
      // Refused filters are answered with the SUBACK failure code 0x80; the connection stays.
      authorizeSubscribe: (client, subscription, done) => {
        if (!acl.maySubscribe(subscription.topic)) return done(null, null);
        const organisationId = client ? this.organisationOf.get(client) : undefined;
        if (organisationId === undefined) return done(null, subscription);
        const device = acl.subscribedDevice(subscription.topic);
        if (device === 'every') return done(null, subscription);
        this.owns(organisationId, device).then(
          (owned) => done(null, owned ? subscription : null),
          (error: unknown) => done(error instanceof Error ? error : new Error(String(error))),
        );
      },
      // Synchronous: the last reading of the owners decides (publish() reads them again first when it is over 1 s old).
      authorizeForward: (client, packet) => {
        const organisationId = this.organisationOf.get(client);
        if (organisationId === undefined) return packet;
        const device = acl.downlinkDevice(packet.topic);
        if (!device) return null;
        return this.owners.current().ownerOf(device.source, device.deviceId, device.application) === organisationId
          ? packet
          : null;
      },
    });
    broker.on('client', (client) => {
      this.clients.add(client);
      if (this.organisationOf.has(client)) this.organisationClients.add(client);
    });
    broker.on('clientDisconnect', (client) => {
      this.clients.delete(client);
      this.organisationClients.delete(client);
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

  /** `connected` from listen() to close() (with no device connected yet too); draining is the host's to report. */
  state(): 'connected' | 'disconnected' {
    return this.server ? 'connected' : 'disconnected';
  }

  /**
   * Stops taking uplinks (new connections are refused, new uplinks left unanswered) and resolves once every uplink taken
   * before is committed and its PUBACK written. The connections stay open until close().
   */
  drain(): Promise<void> {
    this.draining ??= (async () => {
      const server = this.server;
      // The listener's close completes once the last connection ended (in close()); new ones are refused from now on.
      if (server) this.listenerClosed = new Promise<void>((resolve) => server.close(() => resolve()));
      await Promise.all(this.consumers.map((consumer) => consumer.commit.idle()));
      await this.acknowledgementsWritten();
    })();
    return this.draining;
  }

  /** The PUBACKs of committed uplinks are written by aedes after the callback; waits until the sockets sent them. */
  private async acknowledgementsWritten(): Promise<void> {
    const deadline = Date.now() + ACK_FLUSH_MS;
    await new Promise((resolve) => setImmediate(resolve));
    while ([...this.clients].some((client) => client.conn.writableLength > 0) && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }

  /** Drains, then closes every connection and the listener. */
  async close(): Promise<void> {
    await this.drain();
    const broker = this.broker;
    this.broker = null;
    this.server = null;
    if (broker) await new Promise<void>((resolve) => broker.close(() => resolve()));
    await this.listenerClosed;
  }
}

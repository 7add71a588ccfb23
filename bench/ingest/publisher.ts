/**
 * The benchmark's publisher process (forked by bench/ingest.ts, so that making and sending uplinks does not share the
 * server's event loop or count in its memory). It opens `connections` mqtt.js connections and publishes ChirpStack
 * uplinks with QoS 1, round robin over the devices (a device always on the same connection), as long as the parent's
 * credit allows: the parent sends `{limit}` = confirmed + window, so at most `window` uplinks are published but not yet
 * confirmed (committed by the ingest, or received by the plain subscriber). PUBACK times are recorded for each message.
 */
import { connectAsync, type MqttClient } from 'mqtt';
import { summarize, type LatencySummary } from './stats';
import { devEuiOf, UplinkFactory, uplinkTopic } from './uplink';

export type ToPublisher =
  | {
      type: 'connect';
      url: string;
      username?: string;
      password?: string;
      clientIdPrefix: string;
      connections: number;
      devices: number;
      alarmRate: number;
    }
  | { type: 'run'; topicRoot: string }
  | { type: 'credit'; limit: number }
  | { type: 'stop'; windowStart: number; windowEnd: number };

export type FromPublisher =
  | { type: 'connected' }
  | { type: 'stopped'; published: number; acked: number; ackLatency: LatencySummary }
  | { type: 'error'; message: string };

const send = (message: FromPublisher) => process.send?.(message);

let clients: MqttClient[] = [];
let factory: UplinkFactory;
let topics: string[] = [];
let devices = 0;
let limit = 0;
let published = 0;
let acked = 0;
let running = false;
let pumping = false;
/** Publish time and PUBACK time of each message of the current phase (ms since the epoch). */
let sentAt = new Float64Array(0);
let ackedAt = new Float64Array(0);

function record(seq: number, at: number): void {
  if (seq >= sentAt.length) {
    const size = Math.max(1 << 20, sentAt.length * 2);
    const grow = (old: Float64Array) => {
      const next = new Float64Array(size);
      next.set(old);
      return next;
    };
    sentAt = grow(sentAt);
    ackedAt = grow(ackedAt);
  }
  sentAt[seq] = at;
}

function pump(): void {
  pumping = true;
  let burst = 0;
  while (running && published < limit && burst < 256) {
    const seq = published++;
    const device = seq % devices;
    const now = Date.now();
    record(seq, now);
    const client = clients[device % clients.length]!;
    client.publish(topics[device]!, factory.body(device, now), { qos: 1 }, (error) => {
      if (error) return;
      ackedAt[seq] = Date.now();
      acked++;
    });
    burst++;
  }
  if (running && published < limit) setImmediate(pump);
  else pumping = false;
}

process.on('message', (message: ToPublisher) => {
  void (async () => {
    switch (message.type) {
      case 'connect': {
        // Connecting again (the embedded mode's second broker) replaces the connections of the previous one.
        await Promise.all(clients.map((client) => client.endAsync()));
        devices = message.devices;
        const euis = Array.from({ length: devices }, (_, i) => devEuiOf(i));
        factory = new UplinkFactory(euis, message.alarmRate);
        clients = await Promise.all(
          Array.from({ length: message.connections }, (_, i) =>
            connectAsync(message.url, {
              clientId: `${message.clientIdPrefix}-${i}`,
              username: message.username,
              password: message.password,
              clean: true,
              reconnectPeriod: 1000,
            }),
          ),
        );
        send({ type: 'connected' });
        return;
      }
      case 'run': {
        topics = Array.from({ length: devices }, (_, i) => uplinkTopic(message.topicRoot, devEuiOf(i)));
        published = 0;
        acked = 0;
        limit = 0;
        sentAt = new Float64Array(1 << 20);
        ackedAt = new Float64Array(1 << 20);
        running = true;
        return;
      }
      case 'credit': {
        limit = Math.max(limit, message.limit);
        if (running && !pumping) pump();
        return;
      }
      case 'stop': {
        running = false;
        const latencies: number[] = [];
        for (let seq = 0; seq < published; seq++) {
          const ack = ackedAt[seq]!;
          if (ack >= message.windowStart && ack < message.windowEnd) latencies.push(ack - sentAt[seq]!);
        }
        send({ type: 'stopped', published, acked, ackLatency: summarize(latencies) });
        return;
      }
    }
  })().catch((error: unknown) => send({ type: 'error', message: error instanceof Error ? error.message : String(error) }));
});

process.on('disconnect', () => {
  for (const client of clients) client.end(true);
  process.exit(0);
});

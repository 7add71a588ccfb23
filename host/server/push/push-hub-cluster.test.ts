import { randomUUID } from 'node:crypto';
import websocket from '@fastify/websocket';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { PushMessage, SessionUser } from '@sensorium/core/common';
import { PostgresClusterBus, RedisClusterBus, type ClosableClusterBus } from '../cluster';
import { createScratchDatabase } from '../testing/scratch-database';
import { WebSocketPushHub, type PushSession, type PushSessionCheck } from './push-hub';

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const TOPIC = 'node-values';
const APP = 'plant-a';

const user = (id: string, organisationId: string): SessionUser => ({
  id,
  username: id,
  name: id,
  level: 'si-customer',
  permissions: [],
  organisationId,
  endCustomerId: null,
});
/** The sessions both instances know, by access token: one user of the application's organisation, one of another. */
const sessions = new Map<string, PushSession>([
  ['token-a', { user: user('operator-a', 'org-a'), familyId: 'family-a', expiresAt: Date.now() + 3_600_000 }],
  ['token-b', { user: user('operator-b', 'org-b'), familyId: 'family-b', expiresAt: Date.now() + 3_600_000 }],
]);
const check: PushSessionCheck = {
  open: async (token) => sessions.get(token) ?? null,
  stillLive: async (live) =>
    new Map(
      live.flatMap(({ familyId }) =>
        [...sessions.values()].filter((s) => s.familyId === familyId).map((s) => [familyId, s.user]),
      ),
    ),
};

/** One instance: its own HTTP server, push hub and bus. */
interface Instance {
  app: FastifyInstance;
  hub: WebSocketPushHub;
  bus: ClosableClusterBus;
  url: string;
  /** Fans `{ appId, organisationId, value }` out; each instance sends it to its sockets of that organisation. */
  sendValue(payload: ValueChanged): void;
}
interface ValueChanged {
  appId: string;
  organisationId: string;
  value: number;
}

async function startInstance(bus: ClosableClusterBus): Promise<Instance> {
  const app = Fastify({ logger: false });
  await app.register(websocket);
  const hub = new WebSocketPushHub(bus);
  hub.register(app, check);
  const sendValue = hub.fanOut<ValueChanged>('test.values', ({ appId, organisationId, value }) =>
    // The filter is built here, on the receiving instance, from the payload.
    hub.publishKeyed(appId, { topic: TOPIC, data: { value } }, (recipient) => recipient.organisationId === organisationId),
  );
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, hub, bus, url, sendValue };
}

/** A browser on `instance`, subscribed to the application; collects the values pushed to it. */
async function browser(instance: Instance, token: string): Promise<{ socket: WebSocket; values: number[] }> {
  const socket = new WebSocket(`${instance.url.replace(/^http/, 'ws')}/api/ws?token=${token}`);
  const values: number[] = [];
  socket.on('message', (raw) => {
    const message = JSON.parse(String(raw)) as PushMessage<{ value: number }>;
    if (message.topic === TOPIC) values.push(message.data.value);
  });
  await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
  socket.send(JSON.stringify({ subscribe: TOPIC, key: APP }));
  socket.send(JSON.stringify({ subscribe: TOPIC, key: `probe-${token}` }));
  await expect.poll(() => instance.hub.hasSubscribers(TOPIC, `probe-${token}`)).toBe(true);
  return { socket, values };
}

const transports = [
  {
    name: 'PostgreSQL',
    async cluster() {
      const scratch = await createScratchDatabase();
      const log = Fastify({ logger: false }).log;
      const buses = [await PostgresClusterBus.open(scratch.url, log), await PostgresClusterBus.open(scratch.url, log)];
      return { buses, drop: () => scratch.drop() };
    },
  },
  {
    name: 'Redis',
    async cluster() {
      const channel = `sensorium-test:${randomUUID()}`;
      const log = Fastify({ logger: false }).log;
      const buses = [await RedisClusterBus.open(REDIS_URL, log, channel), await RedisClusterBus.open(REDIS_URL, log, channel)];
      return { buses, drop: async () => {} };
    },
  },
];

describe.each(transports)('pushes across two instances over $name', (transport) => {
  let a: Instance;
  let b: Instance;
  let drop: () => Promise<void>;

  beforeAll(async () => {
    const cluster = await transport.cluster();
    drop = cluster.drop;
    a = await startInstance(cluster.buses[0]!);
    b = await startInstance(cluster.buses[1]!);
  });
  afterAll(async () => {
    for (const instance of [a, b]) {
      await instance?.app.close();
      await instance?.bus.close();
    }
    await drop?.();
  });

  it('reaches a browser connected to the other instance, with that instance filtering who gets it', async () => {
    const sameOrgOnB = await browser(b, 'token-a');
    const otherOrgOnB = await browser(b, 'token-b');
    const sameOrgOnA = await browser(a, 'token-a');
    // Other instances may hold sockets, so a publisher must not skip work for want of local subscribers.
    expect(a.hub.mayHaveSubscribers(TOPIC, 'no-socket-here')).toBe(true);
    expect(a.hub.hasSubscribers(TOPIC, 'no-socket-here')).toBe(false);

    for (const value of [1, 2, 3]) a.sendValue({ appId: APP, organisationId: 'org-a', value });
    await expect.poll(() => sameOrgOnB.values).toEqual([1, 2, 3]);
    expect(sameOrgOnA.values).toEqual([1, 2, 3]);
    // B sent 1–3 to all its sockets at once; this socket's first message being the later 99 proves it got none of them.
    b.sendValue({ appId: APP, organisationId: 'org-b', value: 99 });
    await expect.poll(() => otherOrgOnB.values).toEqual([99]);
    expect(sameOrgOnB.values).toEqual([1, 2, 3]);
    for (const socket of [sameOrgOnB, otherOrgOnB, sameOrgOnA]) socket.socket.close();
  });
});

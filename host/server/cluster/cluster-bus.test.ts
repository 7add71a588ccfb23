import { randomUUID } from 'node:crypto';
import Fastify from 'fastify';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createScratchDatabase } from '../testing/scratch-database';
import {
  BUS_APPLICATION_NAME,
  LocalClusterBus,
  openClusterBus,
  PostgresClusterBus,
  RedisClusterBus,
  type ClosableClusterBus,
} from './index';

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const log = Fastify({ logger: false }).log;

/** Text of `bytes` bytes and more in UTF-8, with characters beyond ASCII (escaped on PostgreSQL) all through it. */
const longText = (bytes: number) => 'Température 温度 °C; '.repeat(Math.ceil(bytes / 20));

interface Transport {
  name: string;
  /** A fresh bus on the cluster of this test file. */
  open(): Promise<ClosableClusterBus>;
  setUp(): Promise<void>;
  tearDown(): Promise<void>;
}

const postgres = (() => {
  let scratch: Awaited<ReturnType<typeof createScratchDatabase>>;
  return {
    name: 'PostgreSQL LISTEN/NOTIFY',
    open: () => PostgresClusterBus.open(scratch.url, log),
    setUp: async () => {
      scratch = await createScratchDatabase();
    },
    tearDown: () => scratch?.drop(),
    url: () => scratch.url,
    /** Ends every bus connection of the scratch database from the server's side, as a failover or restart would. */
    async terminateListeners(): Promise<number> {
      const client = new pg.Client({ connectionString: scratch.url });
      await client.connect();
      try {
        const { rowCount } = await client.query(
          `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
            WHERE datname = current_database() AND application_name = $1`,
          [BUS_APPLICATION_NAME],
        );
        return rowCount ?? 0;
      } finally {
        await client.end();
      }
    },
  };
})();

const redis: Transport = (() => {
  // A channel of this test run alone: Redis pub/sub is shared by everything on the server.
  const channel = `sensorium-test:${randomUUID()}`;
  return {
    name: 'Redis pub/sub',
    open: () => RedisClusterBus.open(REDIS_URL, log, channel),
    setUp: async () => {},
    tearDown: async () => {},
  };
})();

describe.each([postgres, redis])('cluster bus over $name', (transport) => {
  const opened: ClosableClusterBus[] = [];
  const open = async () => {
    const bus = await transport.open();
    opened.push(bus);
    return bus;
  };

  beforeAll(() => transport.setUp());
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((bus) => bus.close()));
  });
  afterAll(() => transport.tearDown());

  it('delivers a payload to every instance, the sender at once, in the order it was sent', async () => {
    const [a, b] = [await open(), await open()];
    const onA: number[] = [];
    const onB: number[] = [];
    const sendA = a.channel<{ n: number }>('test.counter', ({ n }) => onA.push(n));
    b.channel<{ n: number }>('test.counter', ({ n }) => onB.push(n));
    const sent = Array.from({ length: 500 }, (_, n) => n);
    for (const n of sent) sendA({ n });
    expect(onA).toEqual(sent);
    await expect.poll(() => onB.length).toBe(sent.length);
    expect(onB).toEqual(sent);
    // Its own messages came back to neither handler twice.
    expect(onA).toHaveLength(sent.length);
  });

  it('hands each channel only its own payloads, and ignores channels an instance does not have', async () => {
    const [a, b] = [await open(), await open()];
    const onB: string[] = [];
    const sendTree = a.channel<string>('test.tree', () => undefined);
    const sendUnknown = a.channel<string>('test.only-on-a', () => undefined);
    const sendEvents = a.channel<string>('test.events', () => undefined);
    b.channel<string>('test.tree', (payload) => onB.push(`tree:${payload}`));
    b.channel<string>('test.events', (payload) => onB.push(`events:${payload}`));
    sendTree('t1');
    sendUnknown('lost');
    sendEvents('e1');
    await expect.poll(() => onB).toEqual(['tree:t1', 'events:e1']);
    expect(() => b.channel('test.tree', () => undefined)).toThrow('registered twice');
  });

  it('carries a payload far over the 8000 bytes of a NOTIFY, characters beyond ASCII intact', async () => {
    const [a, b] = [await open(), await open()];
    const received: { text: string }[] = [];
    const send = a.channel<{ text: string }>('test.long', () => undefined);
    b.channel<{ text: string }>('test.long', (payload) => received.push(payload));
    const text = longText(50_000);
    expect(Buffer.byteLength(text)).toBeGreaterThan(50_000);
    send({ text });
    send({ text: 'after' });
    await expect.poll(() => received.length).toBe(2);
    expect(received[0]!.text).toBe(text);
    expect(received[1]!.text).toBe('after');
  });

  it('stops delivering once closed', async () => {
    const [a, b] = [await open(), await open()];
    const onB: number[] = [];
    const send = a.channel<number>('test.closed', () => undefined);
    b.channel<number>('test.closed', (n) => onB.push(n));
    send(1);
    await expect.poll(() => onB).toEqual([1]);
    await b.close();
    send(2);
    const marker: number[] = [];
    const c = await open();
    c.channel<number>('test.closed', (n) => marker.push(n));
    send(3);
    await expect.poll(() => marker).toEqual([3]);
    expect(onB).toEqual([1]);
  });
});

describe('cluster bus over PostgreSQL, its LISTEN connection lost', () => {
  const opened: ClosableClusterBus[] = [];
  beforeAll(() => postgres.setUp());
  afterAll(async () => {
    await Promise.all(opened.map((bus) => bus.close()));
    await postgres.tearDown();
  });

  it('connects again and keeps delivering', async () => {
    const a = await postgres.open();
    const b = await postgres.open();
    opened.push(a, b);
    const onB: number[] = [];
    const send = a.channel<number>('test.reconnect', () => undefined);
    b.channel<number>('test.reconnect', (n) => onB.push(n));
    send(1);
    await expect.poll(() => onB).toEqual([1]);

    expect(await postgres.terminateListeners()).toBe(2);
    // What is sent while the connections are down is lost; once both are back, every payload arrives again.
    let n = 1;
    await expect
      .poll(
        () => {
          send(++n);
          return onB.at(-1) ?? 0;
        },
        { timeout: 10_000, interval: 100 },
      )
      .toBeGreaterThan(1);
    const resumed = onB.length;
    for (const next of [1001, 1002, 1003]) send(next);
    await expect.poll(() => onB.slice(resumed).filter((value) => value > 1000)).toEqual([1001, 1002, 1003]);
  });
});

describe('the bus a configuration opens', () => {
  beforeAll(() => postgres.setUp());
  afterAll(() => postgres.tearDown());

  it('is local on PGlite (REDIS_URL unused there), Redis with REDIS_URL, else LISTEN/NOTIFY on PostgreSQL', async () => {
    const buses = [
      await openClusterBus({ databaseUrl: null, redisUrl: REDIS_URL }, log),
      await openClusterBus({ databaseUrl: postgres.url(), redisUrl: REDIS_URL }, log),
      await openClusterBus({ databaseUrl: postgres.url(), redisUrl: null }, log),
    ];
    expect(buses.map((bus) => bus.constructor)).toEqual([LocalClusterBus, RedisClusterBus, PostgresClusterBus]);
    expect(buses.map((bus) => bus.spansInstances)).toEqual([false, true, true]);
    await Promise.all(buses.map((bus) => bus.close()));
  });

  it('stops start-up when REDIS_URL names no reachable Redis', async () => {
    await expect(openClusterBus({ databaseUrl: postgres.url(), redisUrl: 'redis://127.0.0.1:1' }, log)).rejects.toThrow(
      'REDIS_URL',
    );
  });
});

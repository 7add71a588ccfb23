import { randomUUID } from 'node:crypto';
import { connectAsync } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import chirpstack from '../../../plugins/chirpstack/server';
import { RecordingSink, recordingSinkPlugin } from '../data-sources/recording-sink';
import { startTestServer, type TestServer } from '../testing';
import { filterCovers } from './device-acl';
import { GroupCommit } from './group-commit';
import { topicMatches } from './topic-filter';

const MOSQUITTO = process.env.SENSORIUM_TEST_MQTT_URL ?? 'mqtt://127.0.0.1:1883';

const uplink = (devEui: string, fCnt: number) =>
  JSON.stringify({
    deduplicationId: randomUUID(),
    time: new Date().toISOString(),
    deviceInfo: { devEui },
    fCnt,
    object: { fCnt },
  });

describe('topic filters', () => {
  it('match + one level and # the rest', () => {
    expect(topicMatches('application/+/device/+/event/up', 'application/a/device/b/event/up')).toBe(true);
    expect(topicMatches('application/+/device/+/event/up', 'application/a/device/b/event/join')).toBe(false);
    expect(topicMatches('application/+/device/+/event/up', 'application/a/device/b/event/up/x')).toBe(false);
    expect(topicMatches('v3/#', 'v3/app@ttn/devices/d/up')).toBe(true);
  });
});

describe('filter cover', () => {
  it('holds when every topic of the requested filter matches the allowed one', () => {
    const downlinks = 'application/+/device/+/command/down';
    expect(filterCovers(downlinks, 'application/app-1/device/0102/command/down')).toBe(true);
    expect(filterCovers(downlinks, downlinks)).toBe(true);
    expect(filterCovers(downlinks, '#')).toBe(false);
    expect(filterCovers(downlinks, 'application/+/device/+/command/#')).toBe(false);
    expect(filterCovers(downlinks, 'application/+/device/+/event/up')).toBe(false);
    expect(filterCovers('v3/+/devices/+/down/#', 'v3/app@ttn/devices/d/down/push')).toBe(true);
  });
});

describe('group commit', () => {
  it('gathers what arrives during a commit into the next batch and settles each item with its batch', async () => {
    const batches: number[][] = [];
    const commit = new GroupCommit<number>(async (items) => {
      batches.push(items);
      await new Promise((resolve) => setTimeout(resolve, 20));
      if (items.includes(13)) throw new Error('commit failed');
    });
    const first = Array.from({ length: 10 }, (_, index) => commit.add(index));
    await new Promise((resolve) => setTimeout(resolve, 5));
    const second = Array.from({ length: 10 }, (_, index) => commit.add(10 + index));
    await Promise.all(first);
    const settled = await Promise.allSettled(second);
    expect(batches.map((batch) => batch.length)).toEqual([10, 10]);
    expect(settled.every((result) => result.status === 'rejected')).toBe(true);
  });
});

describe('embedded broker', () => {
  const sink = new RecordingSink();
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ plugins: [recordingSinkPlugin(sink), chirpstack], mqtt: true });
  });
  afterAll(() => server?.close());

  it('listens on 127.0.0.1 and refuses publishers without the device credentials', async () => {
    expect(server.mqtt!.url).toMatch(/^mqtt:\/\/127\.0\.0\.1:\d+$/);
    await expect(
      connectAsync(server.mqtt!.url, { username: 'test-device', password: 'wrong', reconnectPeriod: 0, connectTimeout: 2000 }),
    ).rejects.toThrow(/Bad username or password|Not authorized/i);
    await expect(connectAsync(server.mqtt!.url, { reconnectPeriod: 0, connectTimeout: 2000 })).rejects.toThrow();
  });

  const connectDevice = () =>
    connectAsync(server.mqtt!.url, {
      username: server.mqtt!.username,
      password: server.mqtt!.password,
      reconnectPeriod: 0,
      connectTimeout: 2000,
    });

  it('lets device credentials subscribe to downlink topics only, never to # or $SYS', async () => {
    const device = await connectDevice();
    try {
      // A refused filter gets the SUBACK failure code (128), which mqtt.js reports as an error; the connection stays.
      for (const refused of ['#', '$SYS/#', 'application/+/device/+/event/up', 'application/+/device/+/command/#']) {
        await expect(device.subscribeAsync(refused, { qos: 1 }), refused).rejects.toThrow(/Subscribe error/);
      }
      const granted = await device.subscribeAsync('application/+/device/+/command/down', { qos: 1 });
      expect(granted.map((grant) => grant.qos)).toEqual([1]);
    } finally {
      await device.endAsync(true);
    }
  });

  it('lets device credentials publish uplinks but not downlinks', async () => {
    const device = await connectDevice();
    await device.publishAsync('application/app/device/0a0b0c0d0e0f0001/event/up', uplink('0a0b0c0d0e0f0001', 1), { qos: 1 });
    expect((await sink.waitFor(1))[0]).toMatchObject({ deviceId: '0a0b0c0d0e0f0001' });
    const closed = new Promise<void>((resolve) => device.once('close', () => resolve()));
    device.publish('application/app/device/0a0b0c0d0e0f0001/command/down', '{"fPort":1}', { qos: 1 });
    await closed;
    await device.endAsync(true);
  });

  it('acknowledges an oversized uplink and hands it on cut, as too large', async () => {
    const device = await connectDevice();
    try {
      const payload = JSON.stringify({ deviceInfo: { devEui: '0a0b0c0d0e0f0002' }, blob: 'z'.repeat(300 * 1024) });
      await device.publishAsync('application/app/device/0a0b0c0d0e0f0002/event/up', payload, { qos: 1 });
      expect(sink.rejected).toEqual([expect.objectContaining({ reason: 'too-large', bytes: Buffer.byteLength(payload) })]);
      expect(sink.rejected[0]!.payload.length).toBeLessThanOrEqual(4096);
      expect(sink.uplinks.some((stored) => stored.deviceId === '0a0b0c0d0e0f0002')).toBe(false);
    } finally {
      await device.endAsync(true);
    }
  });
});

describe('external broker (Mosquitto)', () => {
  it('hands each uplink to one of several consoles that share a group, never to two', async () => {
    const unique = randomUUID().slice(0, 8);
    const shared = { url: MOSQUITTO, shareGroup: `shared-${unique}`, topicPrefix: `shared-${unique}/`, ingestConnections: 2 };
    const sinks = [new RecordingSink(), new RecordingSink()];
    const consoles = await Promise.all(
      sinks.map((sink, index) =>
        startTestServer({
          plugins: [recordingSinkPlugin(sink), chirpstack],
          mqtt: { ...shared, clientId: `shared-${unique}-${index}` },
        }),
      ),
    );
    const device = await connectAsync(MOSQUITTO, { clientId: `shared-device-${unique}` });
    const topic = `${shared.topicPrefix}application/app/device/0102030405060708/event/up`;
    try {
      for (let fCnt = 1; fCnt <= 40; fCnt++) await device.publishAsync(topic, uplink('0102030405060708', fCnt), { qos: 1 });
      await expect.poll(() => sinks[0]!.uplinks.length + sinks[1]!.uplinks.length).toBe(40);
      // Nothing more follows: a console outside the group would have received all 40 as well.
      await new Promise((resolve) => setTimeout(resolve, 1000));
      const counts = sinks.map((sink) => sink.uplinks.map((stored) => stored.fields.fCnt));
      expect(counts.flat()).toHaveLength(40);
      expect(counts[0]!.filter((fCnt) => counts[1]!.includes(fCnt))).toEqual([]);
      expect(new Set(counts.flat()).size).toBe(40);
      // Both consoles took part (the broker spreads a group's messages over its members).
      expect(counts.every((received) => received.length > 0)).toBe(true);
    } finally {
      await device.endAsync(true);
      await Promise.all(consoles.map((server) => server.close()));
    }
  });

  it('keeps what arrives while the console is down and delivers it after a restart', async () => {
    const sink = new RecordingSink();
    const mqtt = {
      url: MOSQUITTO,
      clientId: `sensorium-restart-${randomUUID().slice(0, 8)}`,
      topicPrefix: `restart-${randomUUID().slice(0, 8)}/`,
    };
    const first = await startTestServer({ plugins: [recordingSinkPlugin(sink), chirpstack], mqtt });
    const device = await connectAsync(MOSQUITTO, { clientId: `restart-device-${randomUUID().slice(0, 8)}` });
    const topic = `${mqtt.topicPrefix}application/app/device/0102030405060708/event/up`;
    try {
      await device.publishAsync(topic, uplink('0102030405060708', 1), { qos: 1 });
      await sink.waitFor(1);
      await first.close();
      for (let fCnt = 2; fCnt <= 31; fCnt++) await device.publishAsync(topic, uplink('0102030405060708', fCnt), { qos: 1 });
      expect(sink.uplinks).toHaveLength(1);
      const second = await startTestServer({ plugins: [recordingSinkPlugin(sink), chirpstack], mqtt });
      try {
        await sink.waitFor(31);
        expect(new Set(sink.uplinks.map((stored) => stored.fields.fCnt)).size).toBe(31);
        // The size limit holds on the external broker's consume path too.
        await device.publishAsync(topic, JSON.stringify({ blob: 'z'.repeat(300 * 1024) }), { qos: 1 });
        await expect.poll(() => sink.rejected.map((message) => message.reason)).toEqual(['too-large']);
      } finally {
        await second.close();
      }
    } finally {
      await device.endAsync(true);
    }
  });
});

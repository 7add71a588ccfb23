import { randomUUID } from 'node:crypto';
import { connectAsync } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import chirpstack from '../../../plugins/chirpstack/server';
import { RecordingSink, recordingSinkPlugin } from '../data-sources/recording-sink';
import { startTestServer, type TestServer } from '../testing';
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
});

describe('external broker (Mosquitto)', () => {
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
      } finally {
        await second.close();
      }
    } finally {
      await device.endAsync(true);
    }
  });
});

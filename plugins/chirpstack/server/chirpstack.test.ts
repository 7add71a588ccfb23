import { randomUUID } from 'node:crypto';
import { connectAsync, type MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DataSourceDirectoryToken } from '@sensorium/core/server';
import { RecordingSink, recordingSinkPlugin } from '../../../host/server/data-sources/recording-sink';
import { startTestServer, type TestServer } from '../../../host/server/testing';
import chirpstack from './index';
import { chirpstackDownlink, chirpstackUplink } from './uplink';

const MOSQUITTO = process.env.SENSORIUM_TEST_MQTT_URL ?? 'mqtt://127.0.0.1:1883';

function uplinkJson(devEui: string, fCnt: number, object: Record<string, unknown>) {
  return {
    deduplicationId: randomUUID(),
    time: new Date(Date.UTC(2026, 0, 1, 0, 0, fCnt)).toISOString(),
    deviceInfo: { tenantId: 't', applicationId: 'app-1', deviceName: 'sensor', devEui },
    devAddr: '01020304',
    dr: 5,
    fCnt,
    fPort: 2,
    confirmed: false,
    data: 'AQI=',
    object,
    rxInfo: [{ gatewayId: '0016c001ff10a235', uplinkId: 1, rssi: -87, snr: 9.5 }],
    txInfo: { frequency: 868100000, modulation: { lora: { bandwidth: 125000, spreadingFactor: 7 } } },
  };
}

describe('ChirpStack uplink mapping', () => {
  it('maps an event/up message to an uplink with the LoRa metadata', () => {
    const message = uplinkJson('A84041000181C61D', 7, { temperature: 21.5 });
    const uplink = chirpstackUplink('application/app-1/device/a84041000181c61d/event/up', Buffer.from(JSON.stringify(message)));
    expect(uplink).toMatchObject({
      source: 'chirpstack',
      deviceId: 'a84041000181c61d',
      sourceApplication: 'app-1',
      dedupKey: message.deduplicationId,
      fields: { temperature: 21.5 },
      meta: { rssi: -87, snr: 9.5, gatewayid: '0016c001ff10a235', dr: 5, fCnt: 7, fPort: 2 },
    });
    expect(uplink?.receivedAt.toISOString()).toBe(message.time);
    expect(uplink?.raw).toEqual(message);
  });

  it('falls back to DevEUI, counter and time without a deduplicationId, and skips what is no uplink', () => {
    const { deduplicationId: _, ...message } = uplinkJson('0102030405060708', 3, {});
    const uplink = chirpstackUplink('application/a/device/0102030405060708/event/up', Buffer.from(JSON.stringify(message)));
    expect(uplink?.dedupKey).toBe(`0102030405060708:3:${message.time}`);
    expect(chirpstackUplink('application/a/device/x/event/up', Buffer.from('not json'))).toBeNull();
  });

  it('builds the command/down downlink with the application id of the item', () => {
    const downlink = chirpstackDownlink({
      deviceId: 'A84041000181C61D',
      port: 10,
      confirmed: true,
      data: 'AQ==',
      dataSource: { type: 'chirpstack', application: 'app-9' },
    });
    expect(downlink.topic).toBe('application/app-9/device/a84041000181c61d/command/down');
    expect(JSON.parse(downlink.payload)).toEqual({ devEui: 'a84041000181c61d', confirmed: true, fPort: 10, data: 'AQ==' });
    expect(() => chirpstackDownlink({ deviceId: 'x', dataSource: {} })).toThrow('application id');
  });
});

/** Embedded: the publisher's PUBACK waits for the commit. External: the broker acknowledges; the console acks the broker after commit. */
describe.each([
  { broker: 'embedded', mqtt: true as const, ackAfterCommit: true },
  { broker: 'Mosquitto', mqtt: { url: MOSQUITTO }, ackAfterCommit: false },
])('ChirpStack over MQTT ($broker broker)', ({ mqtt, ackAfterCommit }) => {
  const sink = new RecordingSink();
  let server: TestServer;
  let device: MqttClient;
  let prefix: string;

  beforeAll(async () => {
    server = await startTestServer({ plugins: [recordingSinkPlugin(sink), chirpstack], mqtt });
    prefix = server.mqtt!.topicPrefix;
    device = await connectAsync(server.mqtt!.url, {
      clientId: `cs-test-${randomUUID().slice(0, 8)}`,
      username: server.mqtt!.username,
      password: server.mqtt!.password,
      clean: false,
      reconnectPeriod: 100,
    });
  });
  afterAll(async () => {
    await device?.endAsync(true);
    await server?.close();
  });

  it('acknowledges an uplink only once the sink has committed it', async () => {
    const message = uplinkJson('a84041000181c61d', 1, { temperature: 22.5, humidity: 40 });
    await device.publishAsync(`${prefix}application/app-1/device/a84041000181c61d/event/up`, JSON.stringify(message), { qos: 1 });
    // Embedded: the PUBACK arrived, so the uplink is in the sink already.
    if (ackAfterCommit) expect(sink.uplinks.map((uplink) => uplink.dedupKey)).toContain(message.deduplicationId);
    await sink.waitFor(1);
    const stored = sink.uplinks.find((uplink) => uplink.dedupKey === message.deduplicationId)!;
    expect(stored).toMatchObject({ deviceId: 'a84041000181c61d', fields: { temperature: 22.5, humidity: 40 } });
  });

  it('batches a burst and stores each uplink once', async () => {
    const messages = Array.from({ length: 200 }, (_, index) => uplinkJson('0004a30b001c0530', 100 + index, { battery: index }));
    await Promise.all(
      messages.map((message) =>
        device.publishAsync(`${prefix}application/app-1/device/0004a30b001c0530/event/up`, JSON.stringify(message), { qos: 1 }),
      ),
    );
    const ofDevice = () => sink.uplinks.filter((uplink) => uplink.deviceId === '0004a30b001c0530');
    if (!ackAfterCommit) await sink.waitFor(sink.uplinks.length - ofDevice().length + 200);
    expect(ofDevice()).toHaveLength(200);
    expect(Math.max(...sink.batches)).toBeGreaterThan(1);
  });

  it('does not acknowledge an uplink whose commit failed, and takes it again when the publisher resends it', async () => {
    sink.failNext = 1;
    const message = uplinkJson('70b3d57ed0001234', 5, { door: 1 });
    await device.publishAsync(`${prefix}application/app-1/device/70b3d57ed0001234/event/up`, JSON.stringify(message), { qos: 1 });
    const stored = () => sink.uplinks.filter((uplink) => uplink.dedupKey === message.deduplicationId);
    if (!ackAfterCommit) await expect.poll(() => stored().length, { timeout: 10_000 }).toBe(1);
    expect(sink.failNext).toBe(0);
    expect(stored()).toHaveLength(1);
  });

  it('publishes a device command as a ChirpStack downlink', async () => {
    await device.subscribeAsync(`${prefix}application/+/device/+/command/down`, { qos: 1 });
    const received = new Promise<{ topic: string; body: unknown }>((resolve) => {
      device.once('message', (topic, payload) => resolve({ topic, body: JSON.parse(payload.toString()) }));
    });
    const directory = server.running.container.resolve(DataSourceDirectoryToken);
    expect(directory.types()).toContain('chirpstack');
    await directory.adapter('chirpstack')!.sendCommand!({
      deviceId: 'a84041000181c61d',
      port: 3,
      object: { relay: 'on' },
      dataSource: { type: 'chirpstack', applicationId: 'app-1' },
    });
    const { topic, body } = await received;
    expect(topic).toBe(`${prefix}application/app-1/device/a84041000181c61d/command/down`);
    expect(body).toEqual({ devEui: 'a84041000181c61d', confirmed: false, fPort: 3, object: { relay: 'on' } });
  });
});

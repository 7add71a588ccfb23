import { randomUUID } from 'node:crypto';
import { connectAsync, type MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DataSourceDirectoryToken } from '@sensorium/core/server';
import { RecordingSink, recordingSinkPlugin } from '../../../host/server/data-sources/recording-sink';
import { startTestServer, type TestServer } from '../../../host/server/testing';
import ttn from './index';
import { ttsDownlink, ttsUplink, uplinkGatewayIds } from './uplink';

const MOSQUITTO = process.env.SENSORIUM_TEST_MQTT_URL ?? 'mqtt://127.0.0.1:1883';

function uplinkJson(deviceId: string, fCnt: number, decoded: Record<string, unknown>) {
  return {
    end_device_ids: { device_id: deviceId, application_ids: { application_id: 'factory' }, dev_eui: '70B3D57ED0001234' },
    received_at: new Date(Date.UTC(2026, 0, 1, 0, 0, fCnt)).toISOString(),
    uplink_message: {
      f_cnt: fCnt,
      f_port: 1,
      frm_payload: 'AQI=',
      decoded_payload: decoded,
      rx_metadata: [{ gateway_ids: { gateway_id: 'gw-hall', eui: 'B827EBFFFE000001' }, rssi: -101, snr: 4.25 }],
      settings: { data_rate: { lora: { bandwidth: 125000, spreading_factor: 9 } }, frequency: '868300000' },
    },
  };
}

describe('The Things Stack uplink mapping', () => {
  it('lists the gateways that received an uplink by EUI, else by gateway id', () => {
    const message = {
      uplink_message: {
        rx_metadata: [
          { gateway_ids: { gateway_id: 'roof', eui: 'B827EBFFFE61C12A' } },
          { gateway_ids: { gateway_id: 'eui-0016c001ff10a235' } },
          { gateway_ids: { gateway_id: 'packetbroker' } },
        ],
      },
    };
    expect(uplinkGatewayIds(message)).toEqual(['B827EBFFFE61C12A', 'eui-0016c001ff10a235', 'packetbroker']);
    expect(uplinkGatewayIds({})).toEqual([]);
  });

  it("maps a v3 up message to an uplink of its topic's application, keyed by application, device, counter and time", () => {
    const message = uplinkJson('door-7', 12, { open: true });
    const uplink = ttsUplink('v3/factory@ttn/devices/door-7/up', Buffer.from(JSON.stringify(message)));
    expect(uplink).toMatchObject({
      source: 'ttn',
      deviceId: 'door-7',
      sourceApplication: 'factory@ttn',
      dedupKey: `factory@ttn/door-7:12:${message.received_at}`,
      fields: { open: true },
      meta: { rssi: -101, snr: 4.25, gatewayid: 'gw-hall', dr: { bandwidth: 125000, spreading_factor: 9 }, fCnt: 12, fPort: 1 },
    });
    expect(ttsUplink('v3/a@ttn/devices/x/up', Buffer.from('[1]'))).toBeNull();
  });

  it('builds the down/push downlink for application@tenant', () => {
    const downlink = ttsDownlink({
      deviceId: 'door-7',
      port: 2,
      data: 'AQ==',
      dataSource: { application: 'factory', tenant: 'acme' },
    });
    expect(downlink.topic).toBe('v3/factory@acme/devices/door-7/down/push');
    expect(JSON.parse(downlink.payload)).toEqual({
      downlinks: [{ f_port: 2, frm_payload: 'AQ==', priority: 'NORMAL', confirmed: false }],
    });
  });
});

describe.each([
  { broker: 'embedded', mqtt: true as const },
  { broker: 'Mosquitto', mqtt: { url: MOSQUITTO } },
])('The Things Stack over MQTT ($broker broker)', ({ mqtt }) => {
  const sink = new RecordingSink();
  let server: TestServer;
  let device: MqttClient;
  let prefix: string;

  beforeAll(async () => {
    server = await startTestServer({ plugins: [recordingSinkPlugin(sink), ttn], mqtt });
    prefix = server.mqtt!.topicPrefix;
    device = await connectAsync(server.mqtt!.url, {
      clientId: `tts-test-${randomUUID().slice(0, 8)}`,
      username: server.mqtt!.username,
      password: server.mqtt!.password,
    });
  });
  afterAll(async () => {
    await device?.endAsync(true);
    await server?.close();
  });

  it('stores uplinks once each, a redelivered one dropped by its key', async () => {
    const first = uplinkJson('door-7', 1, { open: false });
    const second = uplinkJson('door-7', 2, { open: true });
    for (const message of [first, second, first]) {
      await device.publishAsync(`${prefix}v3/factory@ttn/devices/door-7/up`, JSON.stringify(message), { qos: 1 });
    }
    await sink.waitFor(2);
    await new Promise((resolve) => setTimeout(resolve, 200));
    // Several connections share the subscription on an external broker: arrival order is not kept, the content is.
    const byCounter = [...sink.uplinks].sort((a, b) => Number(a.meta?.fCnt) - Number(b.meta?.fCnt));
    expect(byCounter.map((uplink) => uplink.fields)).toEqual([{ open: false }, { open: true }]);
  });

  it('publishes a device command on down/push', async () => {
    await device.subscribeAsync(`${prefix}v3/+/devices/+/down/push`, { qos: 1 });
    const received = new Promise<{ topic: string; body: unknown }>((resolve) => {
      device.once('message', (topic, payload) => resolve({ topic, body: JSON.parse(payload.toString()) }));
    });
    const directory = server.running.container.resolve(DataSourceDirectoryToken);
    await directory.adapter('ttn')!.sendCommand!({
      deviceId: 'door-7',
      object: { lock: 1 },
      dataSource: { application: 'factory' },
    });
    const { topic, body } = await received;
    expect(topic).toBe(`${prefix}v3/factory@ttn/devices/door-7/down/push`);
    expect(body).toEqual({ downlinks: [{ f_port: 1, decoded_payload: { lock: 1 }, priority: 'NORMAL', confirmed: false }] });
  });
});

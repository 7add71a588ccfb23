import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SimulatorEncoding } from '@sensorium/core/server';
import chirpstack from '../../../../plugins/chirpstack/server';
import ttn from '../../../../plugins/ttn/server';
import { startTestServer, type TestServer } from '../../testing';
import { RecordingSink, recordingSinkPlugin } from '../recording-sink';
import { collectSimulatorEncodings, deviceValues, generatedDevice, simulatedDevices, Simulator } from './index';

let encodings: SimulatorEncoding[] = [];
const only = (source: string) => encodings.filter((encoding) => encoding.source === source);

beforeAll(async () => {
  encodings = await collectSimulatorEncodings([chirpstack, ttn]);
});

describe('simulator encodings of the installed plugins', () => {
  it('are collected from the plugins without starting them, in plugin order', () => {
    expect(encodings.map((encoding) => encoding.source)).toEqual(['chirpstack', 'ttn']);
  });

  it('leave out a plugin that uses its services while registering, and ask for an encoding of every device', async () => {
    const greedy = { ...chirpstack, register: (_context: unknown, deps: { mqtt: { mode: string } }) => void deps.mqtt.mode };
    expect(await collectSimulatorEncodings([greedy as never, ttn])).toEqual(only('ttn'));
    expect(
      () => new Simulator({ brokerUrl: 'mqtt://x', devices: simulatedDevices(2, encodings), encodings: only('ttn'), rate: 1 }),
    ).toThrow('no simulator encoding for the data source "chirpstack"');
    expect(() => simulatedDevices(2, [])).toThrow('no data source to simulate');
  });
});

describe('simulated devices', () => {
  it('starts with the demo devices and generates EUIs and ids beyond them', () => {
    const devices = simulatedDevices(20, encodings);
    expect(devices).toHaveLength(20);
    expect(devices[0]).toMatchObject({ source: 'chirpstack', deviceId: 'a84041000181c001' });
    expect(new Set(devices.map((device) => device.deviceId)).size).toBe(20);
    const generated = devices.slice(8);
    expect(generated.filter((device) => device.source === 'chirpstack').every((d) => /^[0-9a-f]{16}$/.test(d.deviceId))).toBe(
      true,
    );
    expect(simulatedDevices(3, only('ttn')).every((device) => device.source === 'ttn')).toBe(true);
  });

  it('drives the alarm-cycle temperature into the red range for part of each minute and back', () => {
    const device = simulatedDevices(8, encodings).find((candidate) => candidate.behaviour === 'alarm-cycle')!;
    const at = (second: number) => new Date(Date.UTC(2026, 0, 1, 12, 0, second));
    expect(deviceValues(device, at(20), 1).temperature).toBeGreaterThan(30);
    expect(deviceValues(device, at(50), 2).temperature).toBeLessThan(28);
  });
});

describe('simulator against the embedded broker', () => {
  const sink = new RecordingSink();
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({ plugins: [recordingSinkPlugin(sink), chirpstack, ttn], mqtt: true });
  });
  afterAll(() => server?.close());

  it('publishes ChirpStack and TTS uplinks at the rate asked, each stored once', async () => {
    const simulator = new Simulator({
      brokerUrl: server.mqtt!.url,
      username: server.mqtt!.username,
      password: server.mqtt!.password,
      devices: simulatedDevices(12, encodings),
      encodings,
      rate: 200,
      durationSec: 1.5,
    });
    await simulator.start();
    await simulator.done;
    expect(simulator.stats.sent).toBeGreaterThanOrEqual(250);
    expect(simulator.stats.acknowledged).toBe(simulator.stats.sent);
    // The embedded broker acknowledges after the commit: every acknowledged uplink is in the sink.
    expect(sink.uplinks).toHaveLength(simulator.stats.sent);
    expect(new Set(sink.uplinks.map((uplink) => uplink.source))).toEqual(new Set(['chirpstack', 'ttn']));
    const climate = sink.uplinks.find((uplink) => uplink.deviceId === 'a84041000181c001')!;
    expect(Object.keys(climate.fields)).toEqual(['temperature', 'humidity', 'battery']);
    expect(climate.meta).toMatchObject({ gatewayid: '0016c001ff10a235', fPort: 2 });
  });

  it('drives devices given while it runs with their generated fields, at the new rate', async () => {
    const simulator = new Simulator({
      brokerUrl: server.mqtt!.url,
      username: server.mqtt!.username,
      password: server.mqtt!.password,
      devices: [],
      encodings,
      rate: 0,
      durationSec: 1.5,
    });
    await simulator.start();
    const freezer = generatedDevice({
      source: 'chirpstack',
      deviceId: 'f0f0f0f0f0f0f0f0',
      kind: 'Dragino LHT65N',
      fields: { temperature: { kind: 'alarm-cycle', normal: -20, alarm: -10, alarmFrom: 0, alarmTo: 60 } },
    });
    simulator.setDevices([freezer], 20);
    await simulator.done;
    const uplinks = sink.uplinks.filter((uplink) => uplink.deviceId === 'f0f0f0f0f0f0f0f0');
    expect(uplinks.length).toBeGreaterThanOrEqual(10);
    expect(uplinks.length).toBe(simulator.stats.sent);
    expect(Object.keys(uplinks[0]!.fields)).toEqual(['temperature']);
    expect(Number(uplinks[0]!.fields.temperature)).toBeCloseTo(-10, 0);
  });
});

import type { FieldGenerator, GeneratedDevice, SimulatorDevice, SimulatorEncoding } from '@sensorium/core/server';
import { DEMO_DEVICES, type DemoBehaviour, type DemoDeviceKind } from '@sensorium/nodes/common';
import { generatedValues } from './generators';

/** A demo device (a kind and a behaviour), or a provided one whose fields move by their generators. */
export type SimulatedDevice = SimulatorDevice &
  (
    | { kind: DemoDeviceKind; behaviour: DemoBehaviour }
    | { kind: string; behaviour?: never; generators: Record<string, FieldGenerator> }
  );

const KINDS: DemoDeviceKind[] = ['temperature-humidity', 'door', 'power-meter', 'battery'];
const BEHAVIOUR: Record<DemoDeviceKind, DemoBehaviour> = {
  'temperature-humidity': 'steady',
  door: 'toggle',
  'power-meter': 'steady',
  battery: 'steady',
};

/** A stable 0..1 number per device, so devices of one kind do not move in lockstep. */
function phaseOf(deviceId: string): number {
  let hash = 0;
  for (const char of deviceId) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return (hash % 1000) / 1000;
}

const round = (value: number, digits: number) => Math.round(value * 10 ** digits) / 10 ** digits;
const noise = (size: number) => (Math.random() - 0.5) * size;

/** Radio quality of a device's uplinks, stable per device. */
function radioOf(deviceId: string): { rssi: number; snr: number } {
  const phase = phaseOf(deviceId);
  return { rssi: -70 - Math.round(phase * 40), snr: round(9 - phase * 12, 1) };
}

function device(source: string, deviceId: string, kind: DemoDeviceKind, behaviour: DemoBehaviour): SimulatedDevice {
  return { source, deviceId, kind, behaviour, ...radioOf(deviceId) };
}

/** A provider's device (simulatedDeviceProviders), driven by its field generators. */
export function generatedDevice(provided: GeneratedDevice): SimulatedDevice {
  const { source, deviceId, kind, fields } = provided;
  return { source, deviceId, kind, generators: fields, ...radioOf(deviceId) };
}

/**
 * `count` devices of the sources of `encodings`: the demo devices of those sources first (the demo application has items
 * for them), then generated ones of every kind in turn, taking the sources in turn, each naming its own device ids.
 */
export function simulatedDevices(count: number, encodings: readonly SimulatorEncoding[]): SimulatedDevice[] {
  if (encodings.length === 0) throw new Error('no data source to simulate: no installed plugin contributes a simulator encoding');
  const sources = new Set(encodings.map((encoding) => encoding.source));
  const devices = DEMO_DEVICES.filter((demo) => sources.has(demo.source)).map((demo) =>
    device(demo.source, demo.deviceId, demo.kind, demo.behaviour),
  );
  for (let index = 0; devices.length < count; index++) {
    const encoding = encodings[index % encodings.length]!;
    const kind = KINDS[index % KINDS.length] ?? 'battery';
    devices.push(device(encoding.source, encoding.generatedDeviceId(index), kind, BEHAVIOUR[kind]));
  }
  return devices.slice(0, count);
}

/**
 * Decoded field values of a device at `at`: a provided device's by its generators; of a demo device, `alarm-cycle` temperature is above 30 °C (the demo's red range) from second 15
 * to 35 of every minute and back near 24 °C otherwise, so an event is raised and auto-cleared within a minute.
 */
export function deviceValues(device: SimulatedDevice, at: Date, sent: number): Record<string, number> {
  const seconds = at.getTime() / 1000;
  const phase = phaseOf(device.deviceId);
  if ('generators' in device) return generatedValues(device.generators, at, phase);
  const wave = Math.sin((seconds / 600 + phase) * 2 * Math.PI);
  const battery = round(Math.max(41, 96 - phase * 30 - sent / 5000), 0);
  switch (device.kind) {
    case 'temperature-humidity': {
      const inAlarm = device.behaviour === 'alarm-cycle' && at.getUTCSeconds() >= 15 && at.getUTCSeconds() < 35;
      const temperature = inAlarm ? 32.5 + noise(1) : 23 + 2 * wave + noise(0.4);
      return { temperature: round(temperature, 1), humidity: round(50 + 8 * wave + noise(2), 0), battery };
    }
    case 'door':
      return { door: Math.floor(seconds / 30 + phase * 2) % 2, battery };
    case 'power-meter': {
      const power = 55 + 12 * wave + noise(4);
      return { power: round(power, 1), energy: round(10_000 * phase + seconds / 60, 1), voltage: round(230 + noise(3), 1) };
    }
    case 'battery':
      return { battery, voltage: round(3.3 + battery / 500, 2) };
  }
}

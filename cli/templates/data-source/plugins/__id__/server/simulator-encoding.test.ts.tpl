import { describe, expect, it } from 'vitest';
import { {{camelName}}SimulatorEncoding } from './simulator-encoding';
import { {{camelName}}Uplink } from './uplink';

describe('{{title}} simulator encoding', () => {
  it('publishes what the adapter reads back as the same device, time and values', () => {
    const device = { source: {{camelName}}SimulatorEncoding.source, deviceId: {{camelName}}SimulatorEncoding.generatedDeviceId(3), kind: 'battery', rssi: -80, snr: 7 };
    const at = new Date('2026-01-02T03:04:05.000Z');
    const topic = {{camelName}}SimulatorEncoding.topic(device);
    const payload = Buffer.from({{camelName}}SimulatorEncoding.payload(device, { battery: 87 }, at, 12));
    const uplink = {{camelName}}Uplink(topic, payload);
    expect(uplink).toMatchObject({ deviceId: device.deviceId, fields: { battery: 87 } });
    expect(uplink?.receivedAt.toISOString()).toBe(at.toISOString());
  });
});

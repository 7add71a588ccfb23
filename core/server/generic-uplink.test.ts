import { describe, expect, it } from 'vitest';
import { genericDownlink, genericSimulatorEncoding } from './generic-mqtt-source';
import { genericMqttUplink, genericUplink } from './generic-uplink';

const now = new Date('2026-03-01T10:00:00.000Z');
const message = (body: unknown) => Buffer.from(JSON.stringify(body));

describe('the generic JSON uplink', () => {
  it('reads the device from the topic, the time and counter from the message, and the fields as values', () => {
    const uplink = genericMqttUplink(
      'lift',
      'sensorium/lift/LIFT-A1/up',
      message({ counter: 7, time: '2026-03-01T09:59:00Z', fields: { floor: 3, doorOpen: false } }),
      now,
    );
    expect(uplink).toMatchObject({
      source: 'lift',
      deviceId: 'lift-a1',
      dedupKey: 'lift-a1:7:2026-03-01T09:59:00.000Z',
      fields: { floor: 3, doorOpen: false },
      meta: { counter: 7 },
    });
    expect(uplink?.receivedAt.toISOString()).toBe('2026-03-01T09:59:00.000Z');
  });

  it('takes the time of arrival without a readable time, and the same device named in the message', () => {
    const uplink = genericMqttUplink(
      'robot',
      'sensorium/robot/r-1/up',
      message({ deviceId: 'R-1', time: 'soon', fields: {} }),
      now,
    );
    expect(uplink).toMatchObject({ deviceId: 'r-1', receivedAt: now, fields: {} });
  });

  it('is no uplink when the message speaks for another device than its topic, or carries no fields object', () => {
    expect(genericMqttUplink('robot', 'sensorium/robot/r-1/up', message({ deviceId: 'r-2', fields: { a: 1 } }))).toBeNull();
    expect(genericMqttUplink('robot', 'sensorium/robot/r-1/up', message({ a: 1 }))).toBeNull();
    expect(genericMqttUplink('robot', 'sensorium/robot/r-1/up', message({ fields: [1] }))).toBeNull();
    expect(genericMqttUplink('robot', 'sensorium/robot/r-1/up', Buffer.from('{"fields":'))).toBeNull();
    expect(genericMqttUplink('robot', 'sensorium/lift/r-1/up', message({ fields: { a: 1 } }))).toBeNull();
    expect(genericUplink('robot', { fields: { a: 1 } }, null)).toBeNull();
  });

  it('round-trips what the simulator publishes, and addresses commands to the device topic', () => {
    const encoding = genericSimulatorEncoding('rgtnbiot', (index) => `86753091${String(index).padStart(7, '0')}`);
    const device = { source: 'rgtnbiot', deviceId: encoding.generatedDeviceId(4), kind: 'battery', rssi: -80, snr: 7 };
    const at = new Date('2026-01-02T03:04:05.000Z');
    const uplink = genericMqttUplink(
      'rgtnbiot',
      encoding.topic(device),
      Buffer.from(encoding.payload(device, { battery: 87 }, at, 12)),
    );
    expect(uplink).toMatchObject({ deviceId: '867530910000004', fields: { battery: 87 }, receivedAt: at });
    expect(genericDownlink('robot', { deviceId: 'R-1', port: 2, object: { go: 'dock' } })).toEqual({
      topic: 'sensorium/robot/R-1/down',
      payload: JSON.stringify({ deviceId: 'R-1', confirmed: false, port: 2, object: { go: 'dock' } }),
    });
    expect(() => genericDownlink('robot', { deviceId: 'r/#' })).toThrow();
  });
});

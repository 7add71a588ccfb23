import { describe, expect, it } from 'vitest';
import { {{camelName}}Downlink, {{camelName}}Uplink } from './uplink';

const json = (value: unknown) => Buffer.from(JSON.stringify(value));

describe('{{title}} uplink mapping', () => {
  it('maps a message of {{id}}/<device id>/up to an uplink of the device', () => {
    const message = { deviceId: 'Sensor-7', counter: 12, time: '2026-01-01T08:30:00.000Z', fields: { temperature: 21.5, door: 'open' } };
    const uplink = {{camelName}}Uplink('{{id}}/Sensor-7/up', json(message));
    expect(uplink).toEqual({
      source: '{{id}}',
      deviceId: 'sensor-7',
      dedupKey: 'sensor-7:12:2026-01-01T08:30:00.000Z',
      receivedAt: new Date('2026-01-01T08:30:00.000Z'),
      fields: { temperature: 21.5, door: 'open' },
      raw: message,
      meta: { counter: 12 },
    });
  });

  it('gives the same uplink published twice the same key, and the next counter another', () => {
    const first = { counter: 1, time: '2026-01-01T08:30:00Z', fields: { level: 3 } };
    const key = (message: unknown) => {{camelName}}Uplink('{{id}}/pump-1/up', json(message))?.dedupKey;
    expect(key(first)).toBe(key({ ...first }));
    expect(key({ ...first, counter: 2 })).not.toBe(key(first));
  });

  it('takes the device id from the topic and the time of arrival when the message has neither', () => {
    const now = new Date('2026-02-03T04:05:06.000Z');
    const uplink = {{camelName}}Uplink('{{id}}/meter_9/up', json({ fields: { energy: 1200 } }), now);
    expect(uplink).toMatchObject({ deviceId: 'meter_9', receivedAt: now, dedupKey: 'meter_9::2026-02-03T04:05:06.000Z' });
    expect({{camelName}}Uplink('{{id}}/meter_9/up', json({ time: 'yesterday' }), now)).toMatchObject({ receivedAt: now, fields: {} });
  });

  it('skips a message that is no uplink', () => {
    expect({{camelName}}Uplink('{{id}}/x/up', Buffer.from('not json'))).toBeNull();
    expect({{camelName}}Uplink('{{id}}/x/up', json([1, 2]))).toBeNull();
    expect({{camelName}}Uplink('{{id}}//up', json({ fields: { a: 1 } }))).toBeNull();
  });
});

describe('{{title}} downlink', () => {
  it('publishes a command on {{id}}/<device id>/down', () => {
    const downlink = {{camelName}}Downlink({ deviceId: 'Sensor-7', port: 2, confirmed: true, object: { relay: 'on' } });
    expect(downlink.topic).toBe('{{id}}/Sensor-7/down');
    expect(JSON.parse(downlink.payload)).toEqual({ deviceId: 'Sensor-7', confirmed: true, port: 2, object: { relay: 'on' } });
    expect(JSON.parse({{camelName}}Downlink({ deviceId: 'pump-1', data: 'AQ==' }).payload)).toEqual({
      deviceId: 'pump-1',
      confirmed: false,
      data: 'AQ==',
    });
  });

  it('refuses a device id that is no single topic level', () => {
    expect(() => {{camelName}}Downlink({ deviceId: '' })).toThrow('device id');
    expect(() => {{camelName}}Downlink({ deviceId: 'a/b' })).toThrow('device id');
  });
});

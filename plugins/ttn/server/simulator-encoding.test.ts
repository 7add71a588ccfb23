import { describe, expect, it } from 'vitest';
import { ttsSimulatorEncoding as encoding } from './simulator-encoding';
import { ttsUplink, UPLINK_FILTER } from './uplink';

describe('The Things Stack simulator encoding', () => {
  const device = { source: 'ttn', deviceId: 'control-room-door', kind: 'door', rssi: -95, snr: 2.5 };
  const at = new Date('2026-01-01T08:30:00.000Z');

  it('publishes what the adapter reads back as the same uplink', () => {
    const topic = encoding.topic(device);
    expect(topic).toMatch(new RegExp(`^${UPLINK_FILTER.replaceAll('+', '[^/]+')}$`));
    const uplink = ttsUplink(topic, Buffer.from(encoding.payload(device, { door: 1, battery: 90 }, at, 3)));
    expect(uplink).toMatchObject({
      source: 'ttn',
      deviceId: 'control-room-door',
      receivedAt: at,
      fields: { door: 1, battery: 90 },
      meta: { rssi: -95, snr: 2.5, fCnt: 3, fPort: 1, gatewayid: 'sensorium-gateway' },
    });
  });

  it('names generated devices sim-device-N', () => {
    expect(encoding.generatedDeviceId(4)).toBe('sim-device-4');
  });
});

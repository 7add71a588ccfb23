import { describe, expect, it } from 'vitest';
import { chirpstackSimulatorEncoding as encoding } from './simulator-encoding';
import { chirpstackUplink, UPLINK_FILTER } from './uplink';

describe('ChirpStack simulator encoding', () => {
  const device = { source: 'chirpstack', deviceId: 'a84041000181c001', kind: 'temperature-humidity', rssi: -80, snr: 7.5 };
  const at = new Date('2026-01-01T08:30:00.000Z');

  it('publishes what the adapter reads back as the same uplink', () => {
    const topic = encoding.topic(device);
    expect(topic).toMatch(new RegExp(`^${UPLINK_FILTER.replaceAll('+', '[^/]+')}$`));
    const uplink = chirpstackUplink(topic, Buffer.from(encoding.payload(device, { temperature: 21.5 }, at, 7)));
    expect(uplink).toMatchObject({
      source: 'chirpstack',
      deviceId: 'a84041000181c001',
      receivedAt: at,
      fields: { temperature: 21.5 },
      meta: { rssi: -80, snr: 7.5, fCnt: 7, fPort: 2, gatewayid: '0016c001ff10a235' },
    });
  });

  it('names generated devices with distinct 16-digit DevEUIs', () => {
    const ids = [0, 1, 255].map((index) => encoding.generatedDeviceId(index));
    expect(ids).toEqual(['a840410002000000', 'a840410002000001', 'a8404100020000ff']);
  });
});

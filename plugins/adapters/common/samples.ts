import type { SampleSource } from './inputs';

/** The sample payload the editor starts each source with: 0x00D7 (21.5 °C) and 0x41 (65 %), base64 "ANdB". */
export const SAMPLE_PAYLOADS: Record<SampleSource, string> = {
  chirpstack: JSON.stringify(
    {
      deduplicationId: '3ac7e3c4-4401-4b8d-9386-a5c902f9202d',
      time: '2026-01-01T08:30:00Z',
      deviceInfo: { devEui: 'a84041000181c6cc', deviceName: 'sensor-1', applicationId: 'farm-1' },
      fCnt: 12,
      fPort: 2,
      data: 'ANdB',
      object: {},
      rxInfo: [{ gatewayId: '0016c001ff10a235', rssi: -61, snr: 9.5 }],
    },
    null,
    2,
  ),
  ttn: JSON.stringify(
    {
      end_device_ids: { device_id: 'sensor-1', application_ids: { application_id: 'farm-1' }, dev_eui: 'A84041000181C6CC' },
      received_at: '2026-01-01T08:30:00Z',
      uplink_message: { f_port: 2, f_cnt: 12, frm_payload: 'ANdB', decoded_payload: {} },
    },
    null,
    2,
  ),
  json: JSON.stringify({ temperature: 21.5, humidity: 65 }, null, 2),
};

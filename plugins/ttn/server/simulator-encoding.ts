import type { SimulatorEncoding } from '@sensorium/core/server';
import { DEMO_TTN_APPLICATION } from '@sensorium/nodes/common';

/** A stable pseudo DevEUI per device id (the simulated devices only have ids). */
function devEuiOf(deviceId: string): string {
  let hash = 0;
  for (const char of deviceId) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return `70B3D57ED0${(hash % 1_000_000).toString().padStart(6, '0')}`;
}

/** The Things Stack v3's uplink message as its MQTT server publishes it, for the simulator (all in the demo application). */
export const ttsSimulatorEncoding: SimulatorEncoding = {
  source: 'ttn',
  generatedDeviceId: (index) => `sim-device-${index}`,
  topic: (device) => `v3/${DEMO_TTN_APPLICATION}/devices/${device.deviceId}/up`,
  payload: (device, values, at, fCnt) =>
    JSON.stringify({
      end_device_ids: {
        device_id: device.deviceId,
        application_ids: { application_id: DEMO_TTN_APPLICATION.split('@')[0] },
        dev_eui: devEuiOf(device.deviceId),
        dev_addr: '260B1234',
      },
      received_at: at.toISOString(),
      uplink_message: {
        f_cnt: fCnt,
        f_port: 1,
        frm_payload: Buffer.from(JSON.stringify(values)).toString('base64'),
        decoded_payload: values,
        rx_metadata: [
          {
            gateway_ids: { gateway_id: 'sensorium-gateway', eui: 'B827EBFFFE000001' },
            rssi: device.rssi,
            channel_rssi: device.rssi,
            snr: device.snr,
          },
        ],
        settings: { data_rate: { lora: { bandwidth: 125000, spreading_factor: 7 } }, frequency: '868100000' },
        received_at: at.toISOString(),
      },
    }),
};

import { randomUUID } from 'node:crypto';
import type { SimulatorEncoding } from '@sensorium/core/server';
import { DEMO_CHIRPSTACK_APPLICATION_ID } from '@sensorium/nodes/common';

/** ChirpStack v4's `event/up` message as its MQTT integration publishes it, for the simulator (all in the demo application). */
export const chirpstackSimulatorEncoding: SimulatorEncoding = {
  source: 'chirpstack',
  generatedDeviceId: (index) => `a840410002${index.toString(16).padStart(6, '0')}`,
  topic: (device) => `application/${DEMO_CHIRPSTACK_APPLICATION_ID}/device/${device.deviceId}/event/up`,
  payload: (device, values, at, fCnt) =>
    JSON.stringify({
      deduplicationId: randomUUID(),
      time: at.toISOString(),
      deviceInfo: {
        tenantId: '52f14cd4-c6f1-4fbd-8f87-4025e1d49242',
        tenantName: 'Sensorium',
        applicationId: DEMO_CHIRPSTACK_APPLICATION_ID,
        applicationName: 'Sensorium demo',
        deviceProfileId: 'e1f5c8a6-1e8b-4b7a-9d2d-0a6f3c9b8e21',
        deviceProfileName: device.kind,
        deviceName: device.deviceId,
        devEui: device.deviceId,
        tags: {},
      },
      devAddr: device.deviceId.slice(-8),
      adr: true,
      dr: 5,
      fCnt,
      fPort: 2,
      confirmed: false,
      data: Buffer.from(JSON.stringify(values)).toString('base64'),
      object: values,
      rxInfo: [
        {
          gatewayId: '0016c001ff10a235',
          uplinkId: fCnt % 65536,
          rssi: device.rssi,
          snr: device.snr,
          context: 'AAAAAA==',
          metadata: {},
        },
      ],
      txInfo: { frequency: 868100000, modulation: { lora: { bandwidth: 125000, spreadingFactor: 7, codeRate: 'CR_4_5' } } },
    }),
};

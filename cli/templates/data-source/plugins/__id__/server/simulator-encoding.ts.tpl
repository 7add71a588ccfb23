import type { SimulatorEncoding } from '@sensorium/core/server';
import { {{camelName}}Type } from '../common';
import type { {{Name}}UplinkMessage } from './uplink';

/** Uplinks as {{title}} devices publish them, for `sensorium simulate` and the demo. */
export const {{camelName}}SimulatorEncoding: SimulatorEncoding = {
  source: {{camelName}}Type,
  generatedDeviceId: (index) => `{{id}}-device-${index}`,
  topic: (device) => `{{id}}/${device.deviceId}/up`,
  payload: (device, values, at, counter) => {
    const message: {{Name}}UplinkMessage = { deviceId: device.deviceId, counter, time: at.toISOString(), fields: values };
    return JSON.stringify(message);
  },
};

import { defineGenericMqttSourcePlugin } from '@sensorium/core/server';
import { manifest } from '../manifest';

/** RGT NB-IoT devices publish the generic JSON uplink on sensorium/rgtnbiot/<IMEI>/up (docs/data-sources.md). */
export default defineGenericMqttSourcePlugin({
  manifest,
  generatedDeviceId: (index) => `86753091${String(index).padStart(7, '0')}`,
});

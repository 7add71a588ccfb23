import { defineGenericMqttSourcePlugin } from '@sensorium/core/server';
import { manifest } from '../manifest';

/** TrackCentral devices publish the generic JSON uplink on sensorium/trackcentral/<DevEUI>/up (docs/data-sources.md). */
export default defineGenericMqttSourcePlugin({
  manifest,
  generatedDeviceId: (index) => `70b3d5e75e${index.toString(16).padStart(6, '0')}`,
});

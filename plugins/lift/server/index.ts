import { defineGenericMqttSourcePlugin } from '@sensorium/core/server';
import { liftI18n } from '../common/i18n';
import { manifest } from '../manifest';

/** Lift devices publish the generic JSON uplink on sensorium/lift/<serial number>/up (docs/data-sources.md). */
export default defineGenericMqttSourcePlugin({
  manifest,
  i18n: liftI18n,
  serialIsDeviceId: true,
  generatedDeviceId: (index) => `lift-sn-${String(index).padStart(4, '0')}`,
});

import { defineGenericMqttSourcePlugin } from '@sensorium/core/server';
import { robotI18n } from '../common/i18n';
import { manifest } from '../manifest';

/** Robot devices publish the generic JSON uplink on sensorium/robot/<serial number>/up (docs/data-sources.md). */
export default defineGenericMqttSourcePlugin({
  manifest,
  i18n: robotI18n,
  serialIsDeviceId: true,
  generatedDeviceId: (index) => `robot-sn-${String(index).padStart(4, '0')}`,
});

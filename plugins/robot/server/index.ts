import {
  dataSourceAdapters,
  defineServerPlugin,
  GenericMqttSource,
  genericSimulatorEncoding,
  MqttToken,
  simulatorEncodings,
  serialNumberIsDeviceId,
} from '@sensorium/core/server';
import { robotI18n } from '../common/i18n';
import { manifest } from '../manifest';

/** Robot devices publish the generic JSON uplink on sensorium/robot/<serial number>/up (docs/data-sources.md). */
export default defineServerPlugin({
  manifest,
  i18n: robotI18n,
  deps: { mqtt: MqttToken },
  register(context, { mqtt }) {
    context.contribute(dataSourceAdapters, new GenericMqttSource('robot', mqtt, serialNumberIsDeviceId('robot')));
    context.contribute(
      simulatorEncodings,
      genericSimulatorEncoding('robot', (index) => `robot-sn-${String(index).padStart(4, '0')}`),
    );
  },
});

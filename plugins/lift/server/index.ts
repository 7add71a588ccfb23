import {
  dataSourceAdapters,
  defineServerPlugin,
  GenericMqttSource,
  genericSimulatorEncoding,
  MqttToken,
  simulatorEncodings,
  serialNumberIsDeviceId,
} from '@sensorium/core/server';
import { liftI18n } from '../common/i18n';
import { manifest } from '../manifest';

/** Lift devices publish the generic JSON uplink on sensorium/lift/<serial number>/up (docs/data-sources.md). */
export default defineServerPlugin({
  manifest,
  i18n: liftI18n,
  deps: { mqtt: MqttToken },
  register(context, { mqtt }) {
    context.contribute(dataSourceAdapters, new GenericMqttSource('lift', mqtt, serialNumberIsDeviceId('lift')));
    context.contribute(
      simulatorEncodings,
      genericSimulatorEncoding('lift', (index) => `lift-sn-${String(index).padStart(4, '0')}`),
    );
  },
});

import {
  dataSourceAdapters,
  defineServerPlugin,
  GenericMqttSource,
  genericSimulatorEncoding,
  MqttToken,
  simulatorEncodings,
} from '@sensorium/core/server';
import { manifest } from '../manifest';

/** RGT NB-IoT devices publish the generic JSON uplink on sensorium/rgtnbiot/<IMEI>/up (docs/data-sources.md). */
export default defineServerPlugin({
  manifest,
  deps: { mqtt: MqttToken },
  register(context, { mqtt }) {
    context.contribute(dataSourceAdapters, new GenericMqttSource('rgtnbiot', mqtt));
    context.contribute(
      simulatorEncodings,
      genericSimulatorEncoding('rgtnbiot', (index) => `86753091${String(index).padStart(7, '0')}`),
    );
  },
});

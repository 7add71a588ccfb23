import {
  dataSourceAdapters,
  defineServerPlugin,
  GenericMqttSource,
  genericSimulatorEncoding,
  MqttToken,
  simulatorEncodings,
} from '@sensorium/core/server';
import { manifest } from '../manifest';

/** TrackCentral devices publish the generic JSON uplink on sensorium/trackcentral/<DevEUI>/up (docs/data-sources.md). */
export default defineServerPlugin({
  manifest,
  deps: { mqtt: MqttToken },
  register(context, { mqtt }) {
    context.contribute(dataSourceAdapters, new GenericMqttSource('trackcentral', mqtt));
    context.contribute(
      simulatorEncodings,
      genericSimulatorEncoding('trackcentral', (index) => `70b3d5e75e${index.toString(16).padStart(6, '0')}`),
    );
  },
});

import { dataSourceAdapters, defineServerPlugin, MqttToken, simulatorEncodings } from '@sensorium/core/server';
import { manifest } from '../manifest';
import { ChirpStackAdapter } from './adapter';
import { ChirpStackConfig } from './config';
import { chirpstackSimulatorEncoding } from './simulator-encoding';

export default defineServerPlugin({
  manifest,
  deps: { mqtt: MqttToken },
  config: ChirpStackConfig,
  register(context, { mqtt }) {
    context.contribute(dataSourceAdapters, new ChirpStackAdapter(mqtt, context.config));
    context.contribute(simulatorEncodings, chirpstackSimulatorEncoding);
  },
});

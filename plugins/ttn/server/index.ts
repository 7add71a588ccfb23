import { dataSourceAdapters, defineServerPlugin, MqttToken, simulatorEncodings } from '@sensorium/core/server';
import { manifest } from '../manifest';
import { TtsAdapter } from './adapter';
import { TtsConfig } from './config';
import { ttsSimulatorEncoding } from './simulator-encoding';

export default defineServerPlugin({
  manifest,
  deps: { mqtt: MqttToken },
  config: TtsConfig,
  register(context, { mqtt }) {
    context.contribute(dataSourceAdapters, new TtsAdapter(mqtt, context.config));
    context.contribute(simulatorEncodings, ttsSimulatorEncoding);
  },
});

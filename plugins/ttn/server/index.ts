import {
  dataSourceAdapters,
  defineServerPlugin,
  MqttToken,
  OutboundRequestsToken,
  simulatorEncodings,
} from '@sensorium/core/server';
import { manifest } from '../manifest';
import { TtsAdapter } from './adapter';
import { TtsConfig } from './config';
import { ttsSimulatorEncoding } from './simulator-encoding';

export default defineServerPlugin({
  manifest,
  deps: { mqtt: MqttToken, outbound: OutboundRequestsToken },
  config: TtsConfig,
  register(context, { mqtt, outbound }) {
    context.contribute(dataSourceAdapters, new TtsAdapter(mqtt, context.config, outbound));
    context.contribute(simulatorEncodings, ttsSimulatorEncoding);
  },
});

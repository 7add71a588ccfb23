import {
  dataSourceAdapters,
  defineServerPlugin,
  MqttToken,
  OutboundRequestsToken,
  simulatorEncodings,
} from '@sensorium/core/server';
import { manifest } from '../manifest';
import { ChirpStackAdapter } from './adapter';
import { ChirpStackConfig } from './config';
import { chirpstackSimulatorEncoding } from './simulator-encoding';

export default defineServerPlugin({
  manifest,
  deps: { mqtt: MqttToken, outbound: OutboundRequestsToken },
  config: ChirpStackConfig,
  register(context, { mqtt, outbound }) {
    context.contribute(dataSourceAdapters, new ChirpStackAdapter(mqtt, context.config, outbound));
    context.contribute(simulatorEncodings, chirpstackSimulatorEncoding);
  },
});

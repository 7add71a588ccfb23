import { dataSourceAdapters, defineServerPlugin, MqttToken } from '@sensorium/core/server';
import { manifest } from '../manifest';
import { ChirpStackAdapter } from './adapter';
import { ChirpStackConfig } from './config';

export default defineServerPlugin({
  manifest,
  deps: { mqtt: MqttToken },
  config: ChirpStackConfig,
  register(context, { mqtt }) {
    context.contribute(dataSourceAdapters, new ChirpStackAdapter(mqtt, context.config));
  },
});

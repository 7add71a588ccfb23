import { ConfigToken, dataSourceAdapters, defineServerPlugin, MqttToken } from '@sensorium/core/server';
import { manifest } from '../manifest';
import { TtsAdapter } from './adapter';

export default defineServerPlugin({
  manifest,
  deps: { mqtt: MqttToken, config: ConfigToken },
  register(context, { mqtt, config }) {
    context.contribute(dataSourceAdapters, new TtsAdapter(mqtt, config));
  },
});

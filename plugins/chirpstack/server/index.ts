import { ConfigToken, dataSourceAdapters, defineServerPlugin, MqttToken } from '@sensorium/core/server';
import { manifest } from '../manifest';
import { ChirpStackAdapter } from './adapter';

export default defineServerPlugin({
  manifest,
  deps: { mqtt: MqttToken, config: ConfigToken },
  register(context, { mqtt, config }) {
    context.contribute(dataSourceAdapters, new ChirpStackAdapter(mqtt, config));
  },
});

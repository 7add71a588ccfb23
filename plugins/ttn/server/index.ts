import { ConfigToken, dataSourceAdapters, defineServerPlugin, MqttToken } from '../../../core/server';
import { manifest } from '../manifest';
import { TtsAdapter } from './adapter';

export default defineServerPlugin({
  manifest,
  register(context) {
    context.contribute(dataSourceAdapters, new TtsAdapter(context.resolve(MqttToken), context.resolve(ConfigToken)));
  },
});

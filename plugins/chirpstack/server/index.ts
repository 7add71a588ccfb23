import { ConfigToken, dataSourceAdapters, defineServerPlugin, MqttToken } from '../../../core/server';
import { manifest } from '../manifest';
import { ChirpStackAdapter } from './adapter';

export default defineServerPlugin({
  manifest,
  register(context) {
    context.contribute(dataSourceAdapters, new ChirpStackAdapter(context.resolve(MqttToken), context.resolve(ConfigToken)));
  },
});

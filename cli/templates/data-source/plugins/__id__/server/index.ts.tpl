import { dataSourceAdapters, defineServerPlugin, MqttToken } from '@sensorium/core/server';
import { manifest } from '../manifest';
import { {{Name}}Adapter } from './adapter';

export default defineServerPlugin({
  manifest,
  register(context) {
    // The host starts the adapter with the item store's sink once every plugin is wired, and stops it on shutdown.
    context.contribute(dataSourceAdapters, new {{Name}}Adapter(context.resolve(MqttToken)));
  },
});

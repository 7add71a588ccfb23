import { dataSourceAdapters, defineServerPlugin, MqttToken, simulatorEncodings } from '@sensorium/core/server';
import { manifest } from '../manifest';
import { {{Name}}Adapter } from './adapter';
import { {{camelName}}SimulatorEncoding } from './simulator-encoding';

export default defineServerPlugin({
  manifest,
  deps: { mqtt: MqttToken },
  register(context, { mqtt }) {
    // The host starts the adapter with the device pipeline's sink once every plugin is wired, and stops it on shutdown.
    context.contribute(dataSourceAdapters, new {{Name}}Adapter(mqtt));
    // `sensorium simulate --source {{id}}` publishes uplinks in this source's own format.
    context.contribute(simulatorEncodings, {{camelName}}SimulatorEncoding);
  },
});

import {
  DatabaseToken,
  dataSourceAdapters,
  defineServerPlugin,
  DeviceServerSettingsStore,
  deviceServerSettingsRoutes,
  MqttToken,
  OutboundRequestsToken,
  simulatorEncodings,
} from '@sensorium/core/server';
import { manifest } from '../manifest';
import { ChirpStackAdapter } from './adapter';
import { ChirpStackConfig } from './config';
import { migrations } from './migrations';
import { chirpstackSimulatorEncoding } from './simulator-encoding';

export default defineServerPlugin({
  manifest,
  migrations,
  deps: { db: DatabaseToken, mqtt: MqttToken, outbound: OutboundRequestsToken },
  config: ChirpStackConfig,
  register(context, { db, mqtt, outbound }) {
    const { config } = context;
    const settings = new DeviceServerSettingsStore(db, 'chirpstack_server_settings', () => ({
      apiUrl: config.apiUrl,
      secret: config.apiToken,
    }));
    for (const route of deviceServerSettingsRoutes(db, '/chirpstack/server-settings', 'ChirpStack', settings)) {
      context.addRoute(route);
    }
    context.contribute(dataSourceAdapters, new ChirpStackAdapter(mqtt, (org) => settings.effective(org), outbound));
    context.contribute(simulatorEncodings, chirpstackSimulatorEncoding);
  },
});

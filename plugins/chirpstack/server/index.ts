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
import { gatewayNetworkServers, gatewaySightingListeners } from '@sensorium/gateways/common';
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
    const access = (organisationId: string | null) => settings.effective(organisationId);
    // Its gateways (the gateways plugin, when installed): API settings, and the gateways its MQTT feed hears from.
    context.contribute(gatewayNetworkServers, { type: 'chirpstack', access });
    const listeners = () => context.contributions(gatewaySightingListeners);
    context.contribute(dataSourceAdapters, new ChirpStackAdapter(mqtt, access, outbound, listeners));
    context.contribute(simulatorEncodings, chirpstackSimulatorEncoding);
  },
});

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
import { TtsAdapter } from './adapter';
import { TtsConfig } from './config';
import { migrations } from './migrations';
import { ttsSimulatorEncoding } from './simulator-encoding';

export default defineServerPlugin({
  manifest,
  migrations,
  deps: { db: DatabaseToken, mqtt: MqttToken, outbound: OutboundRequestsToken },
  config: TtsConfig,
  register(context, { db, mqtt, outbound }) {
    const { config } = context;
    const settings = new DeviceServerSettingsStore(db, 'ttn_server_settings', () => ({
      apiUrl: config.apiUrl,
      secret: config.apiKey,
    }));
    for (const route of deviceServerSettingsRoutes(db, '/ttn/server-settings', 'The Things Stack', settings)) {
      context.addRoute(route);
    }
    const access = (organisationId: string | null) => settings.effective(organisationId);
    // Its gateways (the gateways plugin, when installed): API settings, and the gateways its uplinks came through.
    context.contribute(gatewayNetworkServers, { type: 'ttn', access });
    const listeners = () => context.contributions(gatewaySightingListeners);
    context.contribute(dataSourceAdapters, new TtsAdapter(mqtt, access, outbound, listeners));
    context.contribute(simulatorEncodings, ttsSimulatorEncoding);
  },
});

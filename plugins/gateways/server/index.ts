import {
  AuditLogToken,
  DatabaseToken,
  defineServerPlugin,
  DeviceServerSettingsStore,
  LoggerToken,
  OutboundRequestsToken,
  routeScopes,
} from '@sensorium/core/server';
import { gatewaysI18n } from '../common';
import { manifest } from '../manifest';
import { GatewaysConfig } from './config';
import { migrations } from './migrations';
import { networkServerFor } from './network-servers';
import { GatewayRepository } from './repository';
import { GATEWAY_SCOPE, gatewayRoutes, type NetworkServerLookup } from './routes';
import { GatewayStatusMonitor } from './status-monitor';

export default defineServerPlugin({
  manifest,
  migrations,
  i18n: gatewaysI18n,
  config: GatewaysConfig,
  deps: { db: DatabaseToken, outbound: OutboundRequestsToken, audit: AuditLogToken, logger: LoggerToken },
  register(context, { db, outbound, audit, logger }) {
    const { config } = context;
    // The data sources' API settings (chirpstack and ttn keep them; read here, never written): an organisation's own,
    // else the operator's.
    const settings = {
      chirpstack: new DeviceServerSettingsStore(db, 'chirpstack_server_settings', () => ({
        apiUrl: config.chirpstackApiUrl,
        secret: config.chirpstackApiToken,
      })),
      ttn: new DeviceServerSettingsStore(db, 'ttn_server_settings', () => ({
        apiUrl: config.ttsApiUrl,
        secret: config.ttsApiKey,
      })),
    };
    const networkServer: NetworkServerLookup = async (type, organisationId) =>
      networkServerFor(type, await settings[type].effective(organisationId), outbound, {
        chirpstackTenantId: config.chirpstackTenantId,
        ttsOwner: config.ttsOwner,
        ttsFrequencyPlan: config.ttsFrequencyPlan,
      });
    const repository = new GatewayRepository(db);
    context.contribute(routeScopes, { kind: GATEWAY_SCOPE, load: (user, id) => repository.findVisible(user, id) });
    for (const route of gatewayRoutes(repository, networkServer)) context.addRoute(route);
    const monitor = new GatewayStatusMonitor(repository, networkServer, audit, logger);
    context.addJob({
      id: 'gateways.status',
      intervalMs: config.statusIntervalSeconds * 1000,
      run: (signal) => monitor.run(new Date(), signal),
    });
  },
});

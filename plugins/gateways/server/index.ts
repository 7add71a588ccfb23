import {
  AuditLogToken,
  DatabaseToken,
  defineServerPlugin,
  LoggerToken,
  OutboundRequestsToken,
  routeScopes,
} from '@sensorium/core/server';
import { ApplicationAccessToken } from '@sensorium/applications/common';
import { EventStoreToken } from '@sensorium/events/common';
import { ItemLookupToken } from '@sensorium/nodes/common';
import { gatewayNetworkServers, gatewaysI18n, gatewaySightingListeners } from '../common';
import { manifest } from '../manifest';
import { GatewaysConfig } from './config';
import { LastSeenRecorder } from './last-seen-recorder';
import { migrations } from './migrations';
import { networkServerFor } from './network-servers';
import { offlineEventTexts, servedApplications } from './offline-events';
import { GatewayRepository } from './repository';
import { GATEWAY_SCOPE, gatewayRoutes, type NetworkServerLookup } from './routes';
import { gatewaySubject, GatewayStatusMonitor } from './status-monitor';

export default defineServerPlugin({
  manifest,
  migrations,
  i18n: gatewaysI18n,
  config: GatewaysConfig,
  deps: {
    db: DatabaseToken,
    outbound: OutboundRequestsToken,
    audit: AuditLogToken,
    logger: LoggerToken,
    events: EventStoreToken,
    items: ItemLookupToken,
    access: ApplicationAccessToken,
  },
  register(context, { db, outbound, audit, logger, events, items, access }) {
    const { config } = context;
    // The network servers' API settings come from their data-source plugins (read at each call, so the plugins that
    // register after this one count; a type whose plugin is not installed is not configured).
    const networkServer: NetworkServerLookup = async (type, organisationId) => {
      const server = context.contributions(gatewayNetworkServers).find((candidate) => candidate.type === type);
      if (!server) return null;
      return networkServerFor(type, await server.access(organisationId), outbound, {
        chirpstackTenantId: config.chirpstackTenantId,
        ttsOwner: config.ttsOwner,
        ttsFrequencyPlan: config.ttsFrequencyPlan,
      });
    };
    const repository = new GatewayRepository(db);
    // The gateway is gone whatever happens to its events: a failure to close them is the operators' to see, not the caller's.
    const forget = (id: string) =>
      events.resumeSubjectEvents(gatewaySubject({ id }), 'deleted').then(
        () => undefined,
        (error: unknown) => logger.error({ err: error, id }, 'the deleted gateway’s events were not closed'),
      );
    context.contribute(routeScopes, { kind: GATEWAY_SCOPE, load: (user, id) => repository.findVisible(user, id) });
    for (const route of gatewayRoutes(repository, networkServer, forget)) context.addRoute(route);

    const recorder = new LastSeenRecorder(repository, logger);
    context.contribute(gatewaySightingListeners, recorder.note);
    recorder.start(config.lastSeenFlushSeconds * 1000);
    context.onClose(() => recorder.stop());

    const monitor = new GatewayStatusMonitor({
      repository,
      networkServer,
      audit,
      events,
      servedApplications: servedApplications(items, access),
      texts: offlineEventTexts,
      severity: config.offlineSeverity,
      logger,
    });
    context.addJob({
      id: 'gateways.status',
      intervalMs: config.statusIntervalSeconds * 1000,
      run: (signal) => monitor.run(new Date(), signal),
    });
  },
});

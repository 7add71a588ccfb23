import {
  DatabaseToken,
  dataSourceAdapters,
  defineServerPlugin,
  DeviceServerSettingsStore,
  deviceServerSettingsRoutes,
  LoggerToken,
  OutboundRequestsToken,
  type ServerPlugin,
} from '@sensorium/core/server';
import { ApplicationAccessToken } from '@sensorium/applications/common';
import { ItemLookupToken, ItemSourceErrorsToken } from '@sensorium/nodes/common';
import { prtgI18n } from '../common/i18n';
import { manifest } from '../manifest';
import { PrtgConfig } from './config';
import { migrations } from './migrations';
import { DEFAULT_POLL_SEC, PrtgAdapter } from './poller';

/** The PRTG plugin; `tickMs` is how often due items are looked for, `intervalSec` how often each is read (tests: short). */
export function prtgPlugin(tickMs = 5000, intervalSec = DEFAULT_POLL_SEC): ServerPlugin {
  return defineServerPlugin({
    manifest,
    migrations,
    i18n: prtgI18n,
    config: PrtgConfig,
    deps: {
      db: DatabaseToken,
      items: ItemLookupToken,
      errors: ItemSourceErrorsToken,
      applications: ApplicationAccessToken,
      log: LoggerToken,
      outbound: OutboundRequestsToken,
    },
    register(context, { db, items, errors, applications, log, outbound }) {
      const { config } = context;
      const settings = new DeviceServerSettingsStore(db, 'prtg_server_settings', () => ({
        apiUrl: config.apiUrl,
        secret: config.apiToken,
      }));
      for (const route of deviceServerSettingsRoutes(db, '/prtg/server-settings', 'PRTG', settings)) context.addRoute(route);
      const access = async (appId: string) => settings.effective((await applications.ownerOf(appId))?.organisationId ?? null);
      const adapter = new PrtgAdapter(
        items,
        outbound,
        access,
        errors,
        (target, error) => log.warn({ appId: target.appId, itemName: target.itemName }, `prtg: ${error.message}`),
        intervalSec,
      );
      context.contribute(dataSourceAdapters, adapter);
      context.addJob({ id: 'prtg.poll', intervalMs: tickMs, run: async (signal) => void (await adapter.poll(signal)) });
    },
  });
}

export default prtgPlugin();

import {
  dataSourceAdapters,
  defineServerPlugin,
  LoggerToken,
  OutboundRequestError,
  OutboundRequestsToken,
  type ServerPlugin,
} from '@sensorium/core/server';
import { ItemLookupToken, ItemSourceErrorsToken } from '@sensorium/nodes/common';
import { crawlerI18n } from '../common/i18n';
import { manifest } from '../manifest';
import { CrawlerAdapter } from './crawler';

/** The crawler plugin; `tickMs` is how often due targets are looked for (tests use a short one). */
export function crawlerPlugin(tickMs = 5000): ServerPlugin {
  return defineServerPlugin({
    manifest,
    i18n: crawlerI18n,
    deps: { items: ItemLookupToken, errors: ItemSourceErrorsToken, log: LoggerToken, outbound: OutboundRequestsToken },
    register(context, { items, errors, log, outbound }) {
      const adapter = new CrawlerAdapter(items, outbound, errors, (target, error) =>
        log.warn(
          {
            appId: target.appId,
            itemName: target.itemName,
            url: target.url,
            // e.g. address-refused: the target points at the console's own network (SENSORIUM_OUTBOUND_ALLOW opens it).
            reason: error instanceof OutboundRequestError ? error.reason : 'failed',
          },
          `crawler: ${error instanceof Error ? error.message : String(error)}`,
        ),
      );
      context.contribute(dataSourceAdapters, adapter);
      context.addJob({ id: 'crawler.poll', intervalMs: tickMs, run: async (signal) => void (await adapter.poll(signal)) });
    },
  });
}

export default crawlerPlugin();

import { dataSourceAdapters, DatabaseToken, defineServerPlugin, type ServerPlugin } from '@sensorium/core/server';
import { manifest } from '../manifest';
import { CrawlerAdapter } from './crawler';

/** The crawler plugin; `tickMs` is how often due targets are looked for (tests use a short one). */
export function crawlerPlugin(tickMs = 5000): ServerPlugin {
  return defineServerPlugin({
    manifest,
    deps: { db: DatabaseToken },
    register(context, { db }) {
      const adapter = new CrawlerAdapter(db, (target, error) =>
        console.warn(`crawler: ${target.appId}/${target.itemName}: ${error instanceof Error ? error.message : String(error)}`),
      );
      context.contribute(dataSourceAdapters, adapter);
      context.addJob({ id: 'crawler.poll', intervalMs: tickMs, run: async (signal) => void (await adapter.poll(signal)) });
    },
  });
}

export default crawlerPlugin();

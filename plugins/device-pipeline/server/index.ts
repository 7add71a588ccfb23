import {
  applicationDeletionHooks,
  DatabaseToken,
  DataSourceSinkToken,
  defineServerPlugin,
  deviceTagSources,
  LoggerToken,
  MetricsToken,
  PushHubToken,
} from '@sensorium/core/server';
import { ApplicationAccessToken } from '@sensorium/applications/common';
import { ItemLookupToken, ItemStateToken, itemDeletionHooks, preferenceChangeHooks } from '@sensorium/nodes/common';
import { ItemChartReaderToken } from '../common/chart-summary';
import { pipelineEventStores } from '../common/event-store';
import { payloadAdapters } from '../common/payload-adapters';
import { RawDataReaderToken } from '../common/raw-data';
import { LiveValueFeedToken } from '../common/live-values';
import { DeviceDataUsageToken } from '../common/usage';
import { ruleEvaluators } from '../common/rule-evaluators';
import { devicePipelineI18n } from '../common/i18n';
import { manifest } from '../manifest';
import { pipelineDeletionHook } from './application-data';
import { registerDeadLetters } from './dead-letters';
import { registerIngest } from './ingest';
import { NO_EVENT_STORE } from './ingest/no-events';
import { pipelineItemDeletionHook, pipelinePreferenceHook } from './item-hooks';
import { migrations } from './migrations';
import { chartRoutes, chartSeries } from './queries/field-summary';
import { rawDataReader } from './queries/data-queries';
import { dataRoutes } from './queries/routes';
import { registerRetention } from './retention';
import { deviceDataUsage } from './usage';

export default defineServerPlugin({
  manifest,
  migrations,
  i18n: devicePipelineI18n,
  deps: {
    db: DatabaseToken,
    access: ApplicationAccessToken,
    hub: PushHubToken,
    items: ItemStateToken,
    lookup: ItemLookupToken,
    metrics: MetricsToken,
    log: LoggerToken,
  },
  provides: [DataSourceSinkToken, RawDataReaderToken, DeviceDataUsageToken, ItemChartReaderToken, LiveValueFeedToken],
  async register(context, { db, access, hub, items, lookup, metrics, log }) {
    const deadLetters = registerDeadLetters(context, { db, access, metrics, log });
    // The sink (DataSourceSink), the connection and processing jobs and the live push.
    const audience = {
      tagSources: () => context.contributions(deviceTagSources),
      visibleItems: (appId: string, tags: readonly string[]) => lookup.visibleItems(appId, tags),
    };
    const events = () => context.contributions(pipelineEventStores)[0] ?? NO_EVENT_STORE;
    const rules = () => context.contributions(ruleEvaluators);
    const payloads = () => context.contributions(payloadAdapters)[0] ?? null;
    const ingest = registerIngest(context, {
      db,
      items,
      access,
      push: hub,
      audience,
      deadLetters,
      events,
      rules,
      payloads,
      metrics,
      log,
    });
    for (const route of [...dataRoutes(db, lookup), ...chartRoutes(db, lookup)]) {
      context.addRoute(route);
    }
    // The raw-data plugin searches and exports the raw uplinks through this reader.
    context.provide(RawDataReaderToken, rawDataReader(db));
    // Dashboards' share links chart their bound items through this (the chart route needs a session).
    context.provide(ItemChartReaderToken, { chart: (itemUuid, query) => chartSeries(db, itemUuid, query) });
    // Usage reports (cost-management) count the stored uplinks and history rows through this.
    context.provide(DeviceDataUsageToken, deviceDataUsage(db, lookup));
    context.contribute(applicationDeletionHooks, pipelineDeletionHook(lookup));
    // The nodes plugin's API tells the pipeline when items go and when preferences change.
    context.contribute(itemDeletionHooks, pipelineItemDeletionHook);
    context.contribute(preferenceChangeHooks, pipelinePreferenceHook(ingest));
    // Daily partitions made ahead, raw data and history past their retention deleted (hourly), and its settings.
    await registerRetention(context, { db, lookup, log });
  },
});

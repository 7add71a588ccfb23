import {
  applicationDataParticipants,
  DatabaseToken,
  DataSourceSinkToken,
  defineServerPlugin,
  deviceTagSources,
  LoggerToken,
  MetricsToken,
  PushHubToken,
} from '@sensorium/core/server';
import { PUSH_TOPICS } from '@sensorium/core/common';
import { ApplicationAccessToken, canSeeApplication, eventSummarySources } from '@sensorium/applications/common';
import { ItemLookupToken, ItemStateToken, itemDeletionHooks, preferenceChangeHooks } from '@sensorium/nodes/common';
import { devicePipelineI18n } from '../common/i18n';
import { manifest } from '../manifest';
import { pipelineDataParticipant } from './application-data';
import { registerDeadLetters } from './dead-letters';
import { registerIngest } from './ingest';
import { pipelineDeletionHook, pipelinePreferenceHook } from './item-hooks';
import { migrations } from './migrations';
import { openEventSummary } from './queries/data-queries';
import { chartRoutes } from './queries/field-summary';
import { rawDataExcelRoutes } from './queries/raw-data-excel';
import { dataRoutes } from './queries/routes';

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
  provides: [DataSourceSinkToken],
  register(context, { db, access, hub, items, lookup, metrics, log }) {
    const deadLetters = registerDeadLetters(context, { db, access, metrics, log });
    // The sink (DataSourceSink), the connection and processing jobs and the live push.
    const audience = {
      tagSources: () => context.contributions(deviceTagSources),
      visibleItems: (appId: string, tags: readonly string[]) => lookup.visibleItems(appId, tags),
    };
    const ingest = registerIngest(context, { db, items, access, push: hub, audience, deadLetters });
    for (const route of [...dataRoutes(db, lookup), ...rawDataExcelRoutes(db, lookup), ...chartRoutes(db, lookup)]) {
      context.addRoute(route);
    }
    context.contribute(eventSummarySources, openEventSummary(db, lookup, audience.tagSources));
    context.contribute(applicationDataParticipants, pipelineDataParticipant(db, lookup));
    // The nodes plugin's API tells the pipeline when items go and when preferences change.
    context.contribute(
      itemDeletionHooks,
      pipelineDeletionHook(async (appId) => {
        const owner = await access.ownerOf(appId);
        if (owner) {
          hub.publish({ topic: PUSH_TOPICS.systemEventUpdate, data: { appId } }, (user) => canSeeApplication(user, owner));
        }
      }),
    );
    context.contribute(preferenceChangeHooks, pipelinePreferenceHook(ingest));
  },
});

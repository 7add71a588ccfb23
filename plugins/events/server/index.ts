import {
  applicationDataParticipants,
  AuditLogToken,
  DatabaseToken,
  defineServerPlugin,
  deviceTagSources,
  LoggerToken,
  PushHubToken,
} from '@sensorium/core/server';
import { ApplicationAccessToken, eventSummarySources } from '@sensorium/applications/common';
import { ItemLookupToken, itemDeletionHooks } from '@sensorium/nodes/common';
import { pipelineEventStores } from '@sensorium/device-pipeline/common';
import { eventsI18n } from '../common/i18n';
import { EventStoreToken, eventTransitionHooks } from '../common';
import { manifest } from '../manifest';
import { eventsDataParticipant } from './application-data';
import { openEventSummary } from './event-summary';
import { NodeEventStore } from './event-store';
import { eventsPush } from './events-changed';
import { nodeEventStore } from './pipeline-store';
import { eventActionRoutes } from './routes/event-actions';
import { eventsDeletionHook } from './item-hooks';
import { migrations } from './migrations';
import { eventListRoutes } from './routes/event-list-routes';

export default defineServerPlugin({
  manifest,
  migrations,
  i18n: eventsI18n,
  deps: {
    db: DatabaseToken,
    access: ApplicationAccessToken,
    hub: PushHubToken,
    lookup: ItemLookupToken,
    audit: AuditLogToken,
    log: LoggerToken,
  },
  provides: [EventStoreToken],
  register(context, { db, access, hub, lookup, audit, log }) {
    const hooks = () => context.contributions(eventTransitionHooks);
    const push = eventsPush(access, hub);
    const store = new NodeEventStore({ db, audit, log, hooks, eventsChanged: push.changed });
    context.provide(EventStoreToken, store);
    context.contribute(pipelineEventStores, nodeEventStore(hooks));
    for (const route of eventActionRoutes(store, lookup)) context.addRoute(route);
    for (const route of eventListRoutes(db, lookup)) context.addRoute(route);
    context.contribute(
      eventSummarySources,
      openEventSummary(db, lookup, () => context.contributions(deviceTagSources)),
    );
    context.contribute(applicationDataParticipants, eventsDataParticipant(db, lookup, access, push.refresh));
    context.contribute(itemDeletionHooks, eventsDeletionHook(push.refresh));
  },
});

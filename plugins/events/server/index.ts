import {
  applicationDataParticipants,
  DatabaseToken,
  defineServerPlugin,
  deviceTagSources,
  PushHubToken,
} from '@sensorium/core/server';
import { PUSH_TOPICS } from '@sensorium/core/common';
import { ApplicationAccessToken, canSeeApplication, eventSummarySources } from '@sensorium/applications/common';
import { ItemLookupToken, itemDeletionHooks } from '@sensorium/nodes/common';
import { pipelineEventStores } from '@sensorium/device-pipeline/common';
import { manifest } from '../manifest';
import { eventsDataParticipant } from './application-data';
import { openEventSummary } from './event-summary';
import { nodeEventStore } from './event-store';
import { eventsDeletionHook } from './item-hooks';
import { migrations } from './migrations';

export default defineServerPlugin({
  manifest,
  migrations,
  deps: { db: DatabaseToken, access: ApplicationAccessToken, hub: PushHubToken, lookup: ItemLookupToken },
  register(context, { db, access, hub, lookup }) {
    context.contribute(pipelineEventStores, nodeEventStore);
    context.contribute(
      eventSummarySources,
      openEventSummary(db, lookup, () => context.contributions(deviceTagSources)),
    );
    context.contribute(applicationDataParticipants, eventsDataParticipant(db, lookup));
    context.contribute(
      itemDeletionHooks,
      eventsDeletionHook(async (appId) => {
        const owner = await access.ownerOf(appId);
        if (owner) {
          hub.publish({ topic: PUSH_TOPICS.systemEventUpdate, data: { appId } }, (user) => canSeeApplication(user, owner));
        }
      }),
    );
  },
});

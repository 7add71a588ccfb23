import {
  applicationDataParticipants,
  ConfigToken,
  DatabaseToken,
  DataSourceDirectoryToken,
  DataSourceSinkToken,
  defineServerPlugin,
  demoSeeders,
  FileStoreToken,
  PushHubToken,
} from '@sensorium/core/server';
import { PUSH_TOPICS } from '@sensorium/core/common';
import { ApplicationAccessToken, canSeeApplication, eventSummarySources } from '@sensorium/applications/common';
import { nodesI18n } from '../common/i18n';
import { manifest } from '../manifest';
import { nodesDataParticipant } from './application-data-participant';
import { nodeEventSummary } from './data-queries';
import { nodesDemoSeeder } from './demo-seeder';
import { registerIngest } from './ingest';
import { ItemRepository } from './item-repository';
import { migrations } from './migrations';
import { nodeRoutes } from './routes';
import { deviceProfileRoutes } from './device-profiles';
import { locationRoutes } from './location-search';
import { rawDataExcelRoutes } from './raw-data-excel';
import { NodeObjectStore, siteObjectRoutes } from './site-objects';
import { siteObjectsParticipant } from './site-objects-participant';

export { ItemRepository, deviceKeyOf } from './item-repository';

export default defineServerPlugin({
  manifest,
  migrations,
  i18n: nodesI18n,
  deps: {
    db: DatabaseToken,
    access: ApplicationAccessToken,
    directory: DataSourceDirectoryToken,
    files: FileStoreToken,
    config: ConfigToken,
    hub: PushHubToken,
  },
  provides: [DataSourceSinkToken],
  register(context, { db, access, directory, files, config, hub }) {
    const items = new ItemRepository(db, () => directory);
    for (const route of nodeRoutes(db, items, access)) context.addRoute(route);
    // Device profiles, site / floor plan images, location search and the Excel export (node console, part 2).
    const objects = new NodeObjectStore(files);
    for (const route of [
      ...deviceProfileRoutes(db, access),
      ...siteObjectRoutes(db, items, access, objects),
      ...locationRoutes(config),
      ...rawDataExcelRoutes(db, access),
    ])
      context.addRoute(route);
    context.contribute(applicationDataParticipants, siteObjectsParticipant(db, objects));
    context.contribute(eventSummarySources, nodeEventSummary(db));
    context.contribute(applicationDataParticipants, nodesDataParticipant(db));
    context.contribute(demoSeeders, nodesDemoSeeder(db, items));
    // The ingest (DataSourceSink, connection and processing jobs, live push); after a preference or override change the
    // API has it re-apply the preferences to the current values, so ranges, events and the live view follow at once.
    const ingest = registerIngest(context, { db, access, push: hub });
    items.hooks = {
      reevaluate: async (_appId, uuid) => {
        await ingest.refresh([uuid]);
      },
      eventsChanged: async (appId) => {
        const owner = await access.ownerOf(appId);
        if (owner)
          hub.publish({ topic: PUSH_TOPICS.systemEventUpdate, data: { appId } }, (user) => canSeeApplication(user, owner));
      },
    };
  },
});

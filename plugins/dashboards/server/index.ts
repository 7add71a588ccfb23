import { applicationDataParticipants, DatabaseToken, defineServerPlugin } from '@sensorium/core/server';
import { ItemChartReaderToken, LiveValueFeedToken } from '@sensorium/device-pipeline/common';
import { EventStoreToken } from '@sensorium/events/common';
import { ItemLookupToken } from '@sensorium/nodes/common';
import { ThemeLookupToken } from '@sensorium/themes/common';
import { DashboardCatalogToken, dashboardsI18n } from '../common';
import { manifest } from '../manifest';
import { dashboardsDataParticipant } from './application-data';
import { dashboardCatalog } from './catalog';
import { migrations } from './migrations';
import { DashboardRepository } from './repository';
import { dashboardRoutes } from './routes';
import { ShareLinks } from './share-links';
import { shareRoutes } from './share-routes';
import { sharedDashboards } from './shared-dashboard';
import { SharedLiveStreams, sharedLiveRoute } from './shared-live-route';
import { sharedViewRoutes } from './shared-view-routes';

/** Dashboards (docs/dashboards.md): their API, share links and their view, the catalog other plugins lay dashboards out with. */
export default defineServerPlugin({
  manifest,
  migrations,
  i18n: dashboardsI18n,
  deps: {
    db: DatabaseToken,
    lookup: ItemLookupToken,
    charts: ItemChartReaderToken,
    events: EventStoreToken,
    themes: ThemeLookupToken,
    feed: LiveValueFeedToken,
  },
  provides: [DashboardCatalogToken],
  register(context, { db, lookup, charts, events, themes, feed }) {
    const repository = new DashboardRepository(db);
    const links = new ShareLinks(db);
    const streams = new SharedLiveStreams();
    context.onDrain(() => streams.endAll());
    context.provide(DashboardCatalogToken, dashboardCatalog(repository, lookup));
    for (const route of [
      ...dashboardRoutes(repository, lookup, themes),
      ...shareRoutes(repository, links),
      ...sharedViewRoutes({ repository, links, lookup, charts, events, themes }),
      sharedLiveRoute(sharedDashboards(repository, links), feed, streams),
    ]) {
      context.addRoute(route);
    }
    // Backed up, restored and deleted with the application.
    context.contribute(applicationDataParticipants, dashboardsDataParticipant(db, repository));
  },
});

import { applicationDataParticipants, DatabaseToken, defineServerPlugin } from '@sensorium/core/server';
import { ItemLookupToken } from '@sensorium/nodes/common';
import { DashboardCatalogToken, dashboardsI18n } from '../common';
import { manifest } from '../manifest';
import { dashboardsDataParticipant } from './application-data';
import { dashboardCatalog } from './catalog';
import { migrations } from './migrations';
import { DashboardRepository } from './repository';
import { dashboardRoutes } from './routes';
import { ShareLinks } from './share-links';
import { shareRoutes } from './share-routes';

/** Dashboards (docs/dashboards.md): their API, share links, the catalog other plugins lay dashboards out with. */
export default defineServerPlugin({
  manifest,
  migrations,
  i18n: dashboardsI18n,
  deps: { db: DatabaseToken, lookup: ItemLookupToken },
  provides: [DashboardCatalogToken],
  register(context, { db, lookup }) {
    const repository = new DashboardRepository(db);
    const links = new ShareLinks(db);
    context.provide(DashboardCatalogToken, dashboardCatalog(repository, lookup));
    for (const route of dashboardRoutes(repository, lookup)) context.addRoute(route);
    for (const route of shareRoutes(repository, links, lookup)) context.addRoute(route);
    // Backed up, restored and deleted with the application.
    context.contribute(applicationDataParticipants, dashboardsDataParticipant(db, repository));
  },
});

import {
  applicationDataParticipants,
  applicationDeletionHooks,
  DatabaseToken,
  type Database,
  defineServerPlugin,
  demoSeeders,
  FileStoreToken,
  routeScopes,
} from '@sensorium/core/server';
import {
  ApplicationAccessToken,
  ApplicationBrandingToken,
  ApplicationCreatorToken,
  EndCustomerDirectoryToken,
  eventSummarySources,
} from '../common';
import { applicationsI18n } from '../common/i18n';
import { manifest } from '../manifest';
import { applicationAccess } from './application-access';
import { applicationBranding } from './application-branding';
import { applicationScope, endCustomerScope } from './application-scope';
import { applicationDataParticipant } from './application-data-participant';
import { applicationDetailRoutes } from './application-detail-routes';
import { ApplicationRepository } from './application-repository';
import { applicationsDemoSeeder } from './demo-seeder';
import { endCustomerDirectory } from './end-customer-directory';
import { EndCustomerRepository } from './end-customer-repository';
import { LogoStore } from './logo-store';
import { migrations } from './migrations';
import { applicationRoutes } from './routes';

export default defineServerPlugin({
  manifest,
  migrations,
  i18n: applicationsI18n,
  deps: { db: DatabaseToken, files: FileStoreToken },
  provides: [ApplicationAccessToken, ApplicationBrandingToken, ApplicationCreatorToken, EndCustomerDirectoryToken],
  register(context, { db, files }) {
    const customers = new EndCustomerRepository(db);
    const repository = new ApplicationRepository(db, customers);
    const access = applicationAccess(db);
    context.provide(ApplicationAccessToken, access);
    // Another plugin's transaction gets a repository of its own over it: the route's create, inside that transaction.
    context.provide(ApplicationCreatorToken, {
      create: (user, input, transaction) =>
        (transaction ? new ApplicationRepository(transaction as Database, customers) : repository).create(user, input),
    });
    context.contribute(routeScopes, applicationScope(access));
    context.contribute(routeScopes, endCustomerScope(customers));
    context.provide(EndCustomerDirectoryToken, endCustomerDirectory(db, customers));
    for (const route of applicationRoutes(repository, customers, () => context.contributions(eventSummarySources))) {
      context.addRoute(route);
    }
    const logos = new LogoStore(files);
    context.provide(ApplicationBrandingToken, applicationBranding(db, logos));
    const dataOwners = () => ({
      participants: context.contributions(applicationDataParticipants),
      deletionHooks: context.contributions(applicationDeletionHooks),
    });
    for (const route of applicationDetailRoutes(repository, logos, dataOwners)) {
      context.addRoute(route);
    }
    context.contribute(applicationDataParticipants, applicationDataParticipant(db, logos));
    context.contribute(demoSeeders, applicationsDemoSeeder(customers, repository));
  },
});

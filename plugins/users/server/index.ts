import {
  applicationDeletionHooks,
  credentialVerifiers,
  DatabaseToken,
  defineServerPlugin,
  deviceTagSources,
  routeScopes,
  SessionRevocationToken,
  UserDirectoryToken,
} from '@sensorium/core/server';
import { EndCustomerDirectoryToken } from '@sensorium/applications/common';
import { usersI18n } from '../common/i18n';
import { manifest } from '../manifest';
import { ApiKeyRepository, apiKeyVerifier } from './api-keys';
import { ApplicationUserRepository, applicationUsersDeletionHook } from './application-user-repository';
import { deviceTagSource } from './device-tag-source';
import { GroupRepository } from './group-repository';
import { migrations } from './migrations';
import { MyAccountService } from './my-account';
import { accountRoutes, applicationUserRoutes, userRoutes, type UserServices } from './routes';
import { Tenancy } from './tenancy';
import { UserRepository } from './user-repository';

export default defineServerPlugin({
  manifest,
  migrations,
  i18n: usersI18n,
  deps: {
    db: DatabaseToken,
    directory: UserDirectoryToken,
    endCustomers: EndCustomerDirectoryToken,
    sessions: SessionRevocationToken,
  },
  register(context, { db, directory, endCustomers, sessions }) {
    const tenancy = new Tenancy(directory, endCustomers);
    const keys = new ApiKeyRepository(db);
    const services: UserServices = {
      users: new UserRepository(directory, tenancy, sessions),
      groups: new GroupRepository(directory, tenancy),
      account: new MyAccountService(directory, tenancy, sessions),
      keys,
      applicationUsers: new ApplicationUserRepository(db, directory, tenancy),
    };
    for (const route of [...userRoutes(services), ...accountRoutes(services), ...applicationUserRoutes(services)]) {
      context.addRoute(route);
    }
    for (const scope of tenancy.scopes()) context.contribute(routeScopes, scope);
    context.contribute(credentialVerifiers, apiKeyVerifier(keys));
    context.contribute(applicationDeletionHooks, applicationUsersDeletionHook);
    context.contribute(deviceTagSources, deviceTagSource(db));
  },
});

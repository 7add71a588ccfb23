import {
  applicationDeletionHooks,
  credentialVerifiers,
  DatabaseToken,
  defineServerPlugin,
  UserDirectoryToken,
} from '@sensorium/core/server';
import { ApplicationAccessToken } from '@sensorium/applications/common';
import { usersI18n } from '../common/i18n';
import { manifest } from '../manifest';
import { ApiKeyRepository, apiKeyVerifier } from './api-keys';
import { ApplicationUserRepository, applicationUsersDeletionHook } from './application-user-repository';
import { GroupRepository } from './group-repository';
import { migrations } from './migrations';
import { MyAccountService } from './my-account';
import { accountRoutes, applicationUserRoutes, userRoutes, type UserServices } from './routes';
import { UserRepository } from './user-repository';

export default defineServerPlugin({
  manifest,
  migrations,
  i18n: usersI18n,
  deps: { db: DatabaseToken, directory: UserDirectoryToken, access: ApplicationAccessToken },
  register(context, { db, directory, access }) {
    const keys = new ApiKeyRepository(db);
    const services: UserServices = {
      users: new UserRepository(db, directory),
      groups: new GroupRepository(db, directory),
      account: new MyAccountService(db, directory),
      keys,
      applicationUsers: new ApplicationUserRepository(db, access),
    };
    for (const route of [...userRoutes(services), ...accountRoutes(services), ...applicationUserRoutes(services)]) {
      context.addRoute(route);
    }
    context.contribute(credentialVerifiers, apiKeyVerifier(keys));
    context.contribute(applicationDeletionHooks, applicationUsersDeletionHook);
  },
});

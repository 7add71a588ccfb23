import { ConfigToken, DatabaseToken, defineServerPlugin, MailerToken, UserDirectoryToken } from '@sensorium/core/server';
import { EndCustomerDirectoryToken } from '@sensorium/applications/common';
import { accountServerI18n } from '../common/i18n';
import { manifest } from '../manifest';
import { CodeHasher } from './codes';
import { migrations } from './migrations';
import { passwordRoutes } from './password-routes';
import { accountSecret } from './schema';
import { signupRoutes } from './signup-routes';

export default defineServerPlugin({
  manifest,
  migrations,
  i18n: accountServerI18n,
  deps: {
    db: DatabaseToken,
    mailer: MailerToken,
    config: ConfigToken,
    endCustomers: EndCustomerDirectoryToken,
    users: UserDirectoryToken,
  },
  async register(context, { db, mailer, config, endCustomers, users }) {
    const [row] = await db.select({ secret: accountSecret.secret }).from(accountSecret).limit(1);
    const services = {
      db,
      mailer,
      config,
      codes: new CodeHasher(row!.secret),
      endCustomers: () => endCustomers,
      users,
    };
    for (const route of [...signupRoutes(services), ...passwordRoutes(services)]) context.addRoute(route);
  },
});

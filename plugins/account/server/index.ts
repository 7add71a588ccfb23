import { ConfigToken, DatabaseToken, defineServerPlugin, MailerToken, UserDirectoryToken } from '../../../core/server';
import { EndCustomerDirectoryToken } from '../../applications/common';
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
  async register(context) {
    const db = context.resolve(DatabaseToken);
    const [row] = await db.select({ secret: accountSecret.secret }).from(accountSecret).limit(1);
    const services = {
      db,
      mailer: context.resolve(MailerToken),
      config: context.resolve(ConfigToken),
      codes: new CodeHasher(row!.secret),
      endCustomers: () => context.resolve(EndCustomerDirectoryToken),
      users: context.resolve(UserDirectoryToken),
    };
    for (const route of [...signupRoutes(services), ...passwordRoutes(services)]) context.addRoute(route);
  },
});

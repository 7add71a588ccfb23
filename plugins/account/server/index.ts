import {
  ConsoleSettingsToken,
  DatabaseToken,
  defineServerPlugin,
  MailerToken,
  OrganisationDirectoryToken,
  SessionRevocationToken,
  UserDirectoryToken,
} from '@sensorium/core/server';
import { EndCustomerDirectoryToken } from '@sensorium/applications/common';
import { accountServerI18n } from '../common/i18n';
import { manifest } from '../manifest';
import { SignupCodeThrottle } from './code-throttle';
import { CodeHasher } from './codes';
import { AccountConfig } from './config';
import { migrations } from './migrations';
import { passwordRoutes } from './password-routes';
import { accountSecret } from './schema';
import { signupRoutes } from './signup-routes';

export default defineServerPlugin({
  manifest,
  migrations,
  i18n: accountServerI18n,
  config: AccountConfig,
  deps: {
    db: DatabaseToken,
    mailer: MailerToken,
    settings: ConsoleSettingsToken,
    endCustomers: EndCustomerDirectoryToken,
    users: UserDirectoryToken,
    organisations: OrganisationDirectoryToken,
    sessions: SessionRevocationToken,
  },
  async register(context, { db, ...services }) {
    const [row] = await db.select({ secret: accountSecret.secret }).from(accountSecret).limit(1);
    const all = {
      db,
      ...services,
      config: context.config,
      codes: new CodeHasher(row!.secret),
      codeThrottle: new SignupCodeThrottle(db),
    };
    for (const route of [...signupRoutes(all), ...passwordRoutes(all)]) context.addRoute(route);
  },
});

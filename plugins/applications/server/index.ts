import { DatabaseToken, defineServerPlugin, demoSeeders } from '../../../core/server';
import { eventSummarySources } from '../common';
import { applicationsI18n } from '../common/i18n';
import { manifest } from '../manifest';
import { ApplicationRepository } from './application-repository';
import { applicationsDemoSeeder } from './demo-seeder';
import { EndCustomerRepository } from './end-customer-repository';
import { migrations } from './migrations';
import { applicationRoutes } from './routes';

export default defineServerPlugin({
  manifest,
  migrations,
  i18n: applicationsI18n,
  register(context) {
    const db = context.resolve(DatabaseToken);
    const customers = new EndCustomerRepository(db);
    const repository = new ApplicationRepository(db, customers);
    for (const route of applicationRoutes(repository, customers, () => context.contributions(eventSummarySources))) {
      context.addRoute(route);
    }
    context.contribute(demoSeeders, applicationsDemoSeeder(customers, repository));
  },
});

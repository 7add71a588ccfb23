import { DatabaseToken, defineServerPlugin } from '../../../core/server';
import { eventSummarySources } from '../common';
import { manifest } from '../manifest';
import { ApplicationRepository } from './application-repository';
import { migrations } from './migrations';
import { applicationRoutes } from './routes';

export default defineServerPlugin({
  manifest,
  migrations,
  register(context) {
    const repository = new ApplicationRepository(context.resolve(DatabaseToken));
    for (const route of applicationRoutes(repository, () => context.contributions(eventSummarySources))) {
      context.addRoute(route);
    }
  },
});

import { dataSourceAdapters, DataSourceSinkToken, defineServerPlugin, HttpError } from '../../../core/server';
import { ApplicationAccessToken } from '../../applications/common';
import { httpSourceI18n } from '../common';
import { manifest } from '../manifest';
import { ingestRoutes } from './routes';

export default defineServerPlugin({
  manifest,
  i18n: httpSourceI18n,
  register(context) {
    const access = context.resolve(ApplicationAccessToken);
    // The sink is provided by the nodes plugin; looked up per call, so the API stays up (503) while no sink exists.
    const sink = () => {
      if (!context.container.isRegistered(DataSourceSinkToken, true)) throw new HttpError(503, 'http-source.noSink');
      return context.container.resolve(DataSourceSinkToken);
    };
    for (const route of ingestRoutes(sink, access)) context.addRoute(route);
    // Listed in the data-source directory; devices call the API, so there is nothing to start, command or delete.
    context.contribute(dataSourceAdapters, { type: 'api', start: async () => {}, stop: async () => {} });
  },
});

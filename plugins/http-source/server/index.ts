import { ConsoleSettingsToken, dataSourceAdapters, DataSourceSinkToken, defineServerPlugin } from '@sensorium/core/server';
import { httpSourceI18n } from '../common';
import { manifest } from '../manifest';
import { ingestRoutes } from './routes';

export default defineServerPlugin({
  manifest,
  i18n: httpSourceI18n,
  deps: { sink: DataSourceSinkToken, settings: ConsoleSettingsToken },
  register(context, { sink, settings }) {
    for (const route of ingestRoutes(sink, settings.maxUplinkBytes)) context.addRoute(route);
    // Listed in the data-source directory; devices call the API, so there is nothing to start, command or delete.
    context.contribute(dataSourceAdapters, { type: 'api', start: async () => {}, stop: async () => {} });
  },
});

import { DatabaseToken, defineServerPlugin } from '@sensorium/core/server';
import { manifest } from '../manifest';
import { migrations } from './migrations';
import { adaptersRoutes } from './routes';

export default defineServerPlugin({
  manifest,
  migrations,
  // The services this plugin needs; the host hands over exactly these (a missing one stops the start, naming it).
  deps: { db: DatabaseToken },
  register(context, { db }) {
    for (const route of adaptersRoutes(db)) context.addRoute(route);
  },
});

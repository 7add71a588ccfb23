import { defineServerPlugin } from '@sensorium/core/server';
import { ItemLookupToken } from '@sensorium/nodes/common';
import { manifest } from '../manifest';
import { sensorStatusRoutes } from './routes';

export default defineServerPlugin({
  manifest,
  deps: { items: ItemLookupToken },
  register(context, { items }) {
    for (const route of sensorStatusRoutes(items)) context.addRoute(route);
  },
});

import { defineAppRoute, type AnyRouteDefinition } from '@sensorium/core/server';
import type { ItemLookup } from '@sensorium/nodes/common';
import { SensorStatusQuery } from '../common';
import { sensorStatusSchema } from './response-schemas';
import { sensorStatusPage } from './sensor-status-page';

/** The Sensor Status list: an application's devices the caller may see (its device-tag limit applies). */
export function sensorStatusRoutes(items: ItemLookup): AnyRouteDefinition[] {
  return [
    defineAppRoute({
      method: 'GET',
      url: '/system-events-api/:appId/sensor-status',
      summary: 'The application’s devices with status, severity, current values and connection, filtered and paged',
      app: 'appId',
      query: SensorStatusQuery,
      response: sensorStatusSchema,
      handler: async ({ app, query }) => sensorStatusPage(await items.devices(app.id, app.deviceTags), query),
    }),
  ];
}

import { defineAppRoute, HttpError, type AnyRouteDefinition, type Database } from '@sensorium/core/server';
import { NodeItemParams, type ItemLookup } from '@sensorium/nodes/common';
import { NodeHistoryQuery, RawDataSearchInput } from '../../common/raw-data';
import { historySchema, rawDataSchema } from '../response-schemas';
import { fieldSeries, searchRawData, visibleItemNames } from './data-queries';

/**
 * Reads of what the pipeline stored: an item's field history for the charts and the raw data search (spec 7.3). Both
 * act on an application the caller may see (404 otherwise), and only on the items its device-tag limit lets through.
 */
export function dataRoutes(db: Database, items: ItemLookup): AnyRouteDefinition[] {
  return [
    defineAppRoute({
      method: 'GET',
      url: '/node-structure-item/:appId/items/:uuid/history',
      summary: 'Stored values of the item’s fields over time, for charts (default: the last day)',
      app: 'appId',
      params: NodeItemParams,
      query: NodeHistoryQuery,
      response: historySchema,
      handler: async ({ app, params, query }) => {
        if (!(await items.find(app.id, params.uuid, app.deviceTags))) throw HttpError.notFound();
        return fieldSeries(db, params.uuid, query);
      },
    }),
    defineAppRoute({
      method: 'POST',
      url: '/raw-data-history/search',
      summary: 'Raw data rows: real-time (last day, newest 100) or history (a time range, paged, with the total)',
      app: { body: 'appId' },
      body: RawDataSearchInput,
      response: rawDataSchema,
      rateLimit: { max: 300, timeWindowMs: 60_000 },
      audit: false,
      handler: async ({ app, body }) => searchRawData(db, body, await visibleItemNames(items, app)),
    }),
  ];
}

import { defineAppRoute, HttpError, type AnyRouteDefinition, type Database } from '@sensorium/core/server';
import { NodeItemParams, type ItemLookup } from '@sensorium/nodes/common';
import { NodeHistoryQuery } from '../../common/raw-data';
import { historySchema } from '../response-schemas';
import { fieldSeries } from './data-queries';

/**
 * Reads of what the pipeline stored: an item's field history for the charts, on an application the caller may see
 * (404 otherwise) and an item its device-tag limit lets through. The raw data search is the raw-data plugin's
 * (through RawDataReaderToken).
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
  ];
}

import { defineServerPlugin } from '@sensorium/core/server';
import { RawDataReaderToken } from '@sensorium/device-pipeline/common';
import { ItemLookupToken } from '@sensorium/nodes/common';
import { rawDataI18n } from '../common';
import { manifest } from '../manifest';
import { rawDataRoutes } from './routes';

/**
 * The raw data history API (node spec 7.3): the search and its streamed Excel export, over the uplinks the device
 * pipeline stores, read through its RawDataReader (the table stays the pipeline's).
 */
export default defineServerPlugin({
  manifest,
  i18n: rawDataI18n,
  deps: { reader: RawDataReaderToken, lookup: ItemLookupToken },
  register(context, { reader, lookup }) {
    for (const route of rawDataRoutes(reader, lookup)) context.addRoute(route);
  },
});

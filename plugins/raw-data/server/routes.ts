import {
  defineAppRoute,
  EXCEL_CELL_MAX,
  streamWorkbook,
  type AnyRouteDefinition,
  type ExportColumn,
} from '@sensorium/core/server';
import {
  RawDataSearchInput,
  REALTIME_LIMIT,
  type RawDataReader,
  type RawDataRow,
  type RawDataSearchInput as SearchInput,
} from '@sensorium/device-pipeline/common';
import type { ItemLookup } from '@sensorium/nodes/common';
import { EXCEL_EXPORT_LIMIT, EXPORT_FILE_NAME, EXPORT_ROWS_HEADER, RawDataExcelQuery } from '../common';
import { rawDataSchema } from './response-schemas';

/** Rows read from the database per page while an export streams. */
export const EXPORT_PAGE_SIZE = 1000;

const pad = (value: number, length = 2) => String(value).padStart(length, '0');

/** dd/MM/yyyy HH:mm:ss.SSS (node spec 9) at a fixed offset from UTC. */
export function formatExportDate(iso: string, utcOffsetMinutes = 0): string {
  const date = new Date(new Date(iso).getTime() + utcOffsetMinutes * 60_000);
  return (
    `${pad(date.getUTCDate())}/${pad(date.getUTCMonth() + 1)}/${date.getUTCFullYear()} ` +
    `${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}:${pad(date.getUTCSeconds())}.${pad(date.getUTCMilliseconds(), 3)}`
  );
}

const json = (value: unknown) => (value === null || value === undefined ? '' : JSON.stringify(value).slice(0, EXCEL_CELL_MAX));

/** The sheet's columns: Date, Source, Device Name, Raw Data, Processed Data (headers in the caller's language). */
export function exportColumns(t: (key: string) => string, utcOffsetMinutes: number): ExportColumn<RawDataRow>[] {
  const header = (key: string) => t(`raw-data.excel.${key}`);
  return [
    { header: header('date'), width: 24, cell: (row) => formatExportDate(row.createdAt, utcOffsetMinutes) },
    { header: header('source'), width: 14, cell: (row) => row.source },
    { header: header('deviceName'), width: 24, cell: (row) => row.itemName ?? '' },
    { header: header('raw'), width: 80, cell: (row) => json(row.raw) },
    { header: header('processed'), width: 60, cell: (row) => json(row.payload?.deviceData ?? row.payload?.processed ?? null) },
  ];
}

/** The names of the items a caller's device-tag limit lets through; null when it has none. */
async function visibleItemNames(
  items: Pick<ItemLookup, 'visibleItems'>,
  app: { id: string; deviceTags: readonly string[] | null },
): Promise<string[] | null> {
  return app.deviceTags === null ? null : (await items.visibleItems(app.id, app.deviceTags)).map((item) => item.itemName);
}

/** At most `limit` rows of the pages, then stops reading. */
async function* upTo(pages: AsyncIterable<RawDataRow[]>, limit: number): AsyncGenerator<RawDataRow[]> {
  let left = limit;
  for await (const rows of pages) {
    yield rows.slice(0, left);
    left -= rows.length;
    if (left <= 0) return;
  }
}

/**
 * POST /raw-data-history/search and /search/excel (node spec 7.3), on an application the caller may see (404
 * otherwise: tenants never see each other's data) and only the items its device-tag limit lets through.
 */
export function rawDataRoutes(reader: RawDataReader, items: Pick<ItemLookup, 'visibleItems'>): AnyRouteDefinition[] {
  return [
    defineAppRoute({
      method: 'POST',
      url: '/raw-data-history/search',
      summary: 'Raw data rows: real-time (last day, newest 100) or history (a time range, paged, with the total)',
      app: { body: 'appId' },
      body: RawDataSearchInput,
      response: rawDataSchema,
      rateLimit: { max: 300, timeWindowMs: 60_000 },
      audit: false,
      handler: async ({ app, body }) => reader.search(body, await visibleItemNames(items, app)),
    }),
    defineAppRoute({
      method: 'POST',
      url: '/raw-data-history/search/excel',
      summary: `The raw data rows of a search as an Excel file (${EXPORT_FILE_NAME}), streamed as it is written; history exports the whole range (newest ${EXCEL_EXPORT_LIMIT} rows)`,
      app: { body: 'appId' },
      body: RawDataSearchInput,
      query: RawDataExcelQuery,
      rateLimit: { max: 20, timeWindowMs: 60_000 },
      audit: false,
      handler: async ({ app, body, query, reply, t }) => {
        const names = await visibleItemNames(items, app);
        const search: SearchInput = { ...body, offset: 0 };
        // The count first: it checks the range (a 400 before any byte of the file) and tells the browser the size.
        const { total } = await reader.search({ ...search, limit: 1 }, names);
        const rows = Math.min(total, body.viewMode === 'realtime' ? REALTIME_LIMIT : EXCEL_EXPORT_LIMIT);
        const pages = upTo(reader.pages(search, names, EXPORT_PAGE_SIZE), rows);
        const columns = exportColumns(t, query.utcOffsetMinutes ?? 0);
        return streamWorkbook(reply, EXPORT_FILE_NAME, 'Data History', columns, pages, { [EXPORT_ROWS_HEADER]: String(rows) });
      },
    }),
  ];
}

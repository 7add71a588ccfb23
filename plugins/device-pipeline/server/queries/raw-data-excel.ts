import { Type } from 'class-transformer';
import { IsInt, IsOptional, Max, Min } from 'class-validator';
import * as XLSX from 'xlsx';
import { defineAppRoute, type AnyRouteDefinition, type Database } from '@sensorium/core/server';
import type { ItemLookup } from '@sensorium/nodes/common';
import { RawDataSearchInput, type RawDataRow } from '../../common/raw-data';
import { searchRawData, visibleItemNames } from './data-queries';

/** An export holds at most this many rows (the newest of the range). */
export const EXCEL_EXPORT_LIMIT = 50_000;
export const EXCEL_FILE_NAME = 'data_history.xlsx';
const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
/** Excel cells hold at most 32,767 characters. */
const CELL_MAX = 32_000;

export class RawDataExcelQuery {
  /** The browser's offset from UTC in minutes (e.g. 480 for Hong Kong), for the Date column; default 0 (UTC). */
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(-840)
  @Max(840)
  utcOffsetMinutes?: number;
}

const pad = (value: number, length = 2) => String(value).padStart(length, '0');

/** dd/MM/yyyy HH:mm:ss.SSS (spec 9) at a fixed offset from UTC. */
export function formatExportDate(iso: string, utcOffsetMinutes = 0): string {
  const date = new Date(new Date(iso).getTime() + utcOffsetMinutes * 60_000);
  return (
    `${pad(date.getUTCDate())}/${pad(date.getUTCMonth() + 1)}/${date.getUTCFullYear()} ` +
    `${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}:${pad(date.getUTCSeconds())}.${pad(date.getUTCMilliseconds(), 3)}`
  );
}

const json = (value: unknown) => (value === null || value === undefined ? '' : JSON.stringify(value).slice(0, CELL_MAX));

/** The rows as one sheet: Date, Source, Device Name, Raw Data, Processed Data (headers in the caller's language). */
export function rawDataWorkbook(rows: readonly RawDataRow[], headers: string[], utcOffsetMinutes = 0): Buffer {
  const sheet = XLSX.utils.aoa_to_sheet([
    headers,
    ...rows.map((row) => [
      formatExportDate(row.createdAt, utcOffsetMinutes),
      row.source,
      row.itemName ?? '',
      json(row.raw),
      json(row.payload?.deviceData ?? row.payload?.processed ?? null),
    ]),
  ]);
  sheet['!cols'] = [{ wch: 24 }, { wch: 14 }, { wch: 24 }, { wch: 80 }, { wch: 60 }];
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, sheet, 'Data History');
  return XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer;
}

/** POST /raw-data-history/search/excel (spec 7.3): the search's rows (every page of a history range) as data_history.xlsx. */
export function rawDataExcelRoutes(db: Database, items: Pick<ItemLookup, 'visibleItems'>): AnyRouteDefinition[] {
  return [
    defineAppRoute({
      method: 'POST',
      url: '/raw-data-history/search/excel',
      summary: `The raw data rows of a search as an Excel file (${EXCEL_FILE_NAME}); history exports the whole range (newest ${EXCEL_EXPORT_LIMIT} rows)`,
      app: { body: 'appId' },
      body: RawDataSearchInput,
      query: RawDataExcelQuery,
      rateLimit: { max: 20, timeWindowMs: 60_000 },
      audit: false,
      handler: async ({ app, body, query, reply, t }) => {
        const realtime = body.viewMode === 'realtime';
        const search = realtime ? body : { ...body, limit: EXCEL_EXPORT_LIMIT, offset: 0 };
        const { rows } = await searchRawData(db, search, await visibleItemNames(items, app));
        const headers = ['date', 'source', 'deviceName', 'raw', 'processed'].map((key) => t(`device-pipeline.excel.${key}`));
        const file = rawDataWorkbook(rows, headers, query.utcOffsetMinutes ?? 0);
        return reply.type(XLSX_TYPE).header('content-disposition', `attachment; filename="${EXCEL_FILE_NAME}"`).send(file);
      },
    }),
  ];
}

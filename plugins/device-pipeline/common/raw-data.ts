import {
  ArrayMaxSize,
  IsArray,
  IsBoolean,
  IsIn,
  IsInt,
  IsISO8601,
  IsNotEmpty,
  IsOptional,
  IsString,
  Max,
  Min,
} from 'class-validator';
import { createToken } from '@sensorium/core/common';

/** Query of GET /node-structure-item/{appId}/items/{uuid}/history. */
export class NodeHistoryQuery {
  @IsOptional()
  @IsString()
  field?: string;

  @IsOptional()
  @IsISO8601()
  from?: string;

  @IsOptional()
  @IsISO8601()
  to?: string;
}

/** Body of POST /raw-data-history/search (spec 7.3). */
export class RawDataSearchInput {
  @IsString()
  @IsNotEmpty()
  appId!: string;

  /** Item names; empty or absent = every item (unless item specific). */
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(1000)
  @IsString({ each: true })
  tags?: string[];

  @IsOptional()
  @IsBoolean()
  isItemSpecific?: boolean;

  @IsOptional()
  @IsISO8601()
  startTime?: string;

  @IsOptional()
  @IsISO8601()
  endTime?: string;

  @IsIn(['realtime', 'history'])
  viewMode!: 'realtime' | 'history';

  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(10000)
  limit?: number;

  @IsOptional()
  @IsInt()
  @Min(0)
  offset?: number;
}

export interface HistoryResponse {
  /** Per field, [epoch milliseconds, value] pairs in time order; text values as strings. */
  series: Record<string, [number, number | string | null][]>;
}

/** A row of POST /raw-data-history/search (spec 3.6). */
export interface RawDataRow {
  id: string;
  createdAt: string;
  source: string;
  itemName: string | null;
  raw: unknown;
  payload: { deviceData?: Record<string, unknown>; processed?: Record<string, unknown>; meta?: Record<string, unknown> } | null;
}

export interface RawDataSearchResponse {
  rows: RawDataRow[];
  total: number;
}

/** Real-time view: the last day, at most 100 rows (spec 9). */
export const REALTIME_WINDOW_MS = 24 * 60 * 60 * 1000;
export const REALTIME_LIMIT = 100;
export const RAW_DATA_PAGE_SIZES = [10, 50, 100] as const;

/**
 * Read access to the raw_data table this plugin owns, for the raw-data plugin's search and Excel export. `itemNames`,
 * for a user limited to device tags, keeps the rows of those items only; null lets every row of the application through.
 */
export interface RawDataReader {
  /** Real-time (last day, newest 100) or history (a range, one page, with the total); HttpError 400 for a bad range. */
  search(input: RawDataSearchInput, itemNames: readonly string[] | null): Promise<RawDataSearchResponse>;
  /**
   * Every row of a search (history: the whole range; real-time: its newest 100), newest first, read `pageSize` rows at
   * a time with a keyset cursor, so a caller that streams them never holds more than a page.
   */
  pages(input: RawDataSearchInput, itemNames: readonly string[] | null, pageSize: number): AsyncIterable<RawDataRow[]>;
}
export const RawDataReaderToken = createToken<RawDataReader>('device-pipeline.raw-data-reader');

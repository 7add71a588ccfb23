import { Type } from 'class-transformer';
import { IsIn, IsInt, IsOptional, Max, Min } from 'class-validator';
import { createToken } from '@sensorium/core/common';
import { NodeHistoryQuery } from './raw-data';

// Apart from this module's query classes, so that registering the tab loads no validation library.
export { CHART_TAB_ID } from './chart-tab-id';

/** The summary types of a sensor's history (accounts spec §3: Average, Minimum, Maximum, Raw Values, Accumulated). */
export const SUMMARY_TYPES = ['average', 'minimum', 'maximum', 'raw', 'accumulated'] as const;
export type SummaryType = (typeof SUMMARY_TYPES)[number];

/** The summary intervals of accounts spec §3 (10 Minutes … 1 Month, None); None summarises the whole period at once. */
export const SUMMARY_INTERVALS = ['10m', '1h', '4h', '6h', '1d', '1w', '1M', 'none'] as const;
export type SummaryInterval = (typeof SUMMARY_INTERVALS)[number];

const MINUTE = 60_000;
/** The fixed-length intervals in milliseconds; weeks and months follow the calendar. */
export const INTERVAL_MS: Partial<Record<SummaryInterval, number>> = {
  '10m': 10 * MINUTE,
  '1h': 60 * MINUTE,
  '4h': 240 * MINUTE,
  '6h': 360 * MINUTE,
  '1d': 1440 * MINUTE,
};

/** Raw values beyond this many points per field are thinned to the lowest and highest of equal time buckets. */
export const CHART_DEFAULT_POINTS = 1000;
export const CHART_MAX_POINTS = 10_000;
/** A summary over more intervals than this is refused (choose a longer interval). */
export const SUMMARY_MAX_BUCKETS = 10_000;

/** Query of GET /node-structure-item/{appId}/items/{uuid}/chart. */
export class NodeChartQuery extends NodeHistoryQuery {
  @IsOptional()
  @IsIn(SUMMARY_TYPES)
  summary?: SummaryType;

  @IsOptional()
  @IsIn(SUMMARY_INTERVALS)
  interval?: SummaryInterval;

  /** The browser's offset from UTC in minutes (480 for Hong Kong): days, weeks and months start at its midnight. */
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(-840)
  @Max(840)
  utcOffsetMinutes?: number;

  /** Raw values: at most about this many points per field (the chart's width); more are thinned by min/max buckets. */
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(10)
  @Max(CHART_MAX_POINTS)
  points?: number;
}

export interface ChartResponse {
  /** Per field, [epoch milliseconds, value] pairs in time order: raw values, or one per interval at its start. */
  series: Record<string, [number, number | string | null][]>;
  summary: SummaryType;
  interval: SummaryInterval;
  /** Fields whose raw values were thinned to each bucket's lowest and highest. */
  thinned: string[];
}

/**
 * The charts' read of an item's field history (what GET /items/{uuid}/chart answers, downsampled the same way), for
 * plugins that chart items for viewers without a session: dashboards' share links. The caller answers for which items
 * its viewer may see.
 */
export interface ItemChartReader {
  chart(itemUuid: string, query: NodeChartQuery): Promise<ChartResponse>;
}
export const ItemChartReaderToken = createToken<ItemChartReader>('device-pipeline.item-chart-reader');

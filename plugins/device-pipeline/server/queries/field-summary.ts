import { sql, type SQL } from 'drizzle-orm';
import { defineAppRoute, HttpError, queryRows, type AnyRouteDefinition, type Database } from '@sensorium/core/server';
import { NodeItemParams, type ItemLookup } from '@sensorium/nodes/common';
import {
  CHART_DEFAULT_POINTS,
  INTERVAL_MS,
  NodeChartQuery,
  SUMMARY_MAX_BUCKETS,
  type ChartResponse,
  type SummaryInterval,
  type SummaryType,
} from '../../common/chart-summary';

/** Default period: the last day (spec 9). */
const DEFAULT_RANGE_MS = 24 * 60 * 60 * 1000;
/** Rows read for one chart at most (after thinning). */
const ROW_LIMIT = 50_000;

const AGGREGATES: Record<Exclude<SummaryType, 'raw'>, SQL> = {
  average: sql`avg(value)`,
  minimum: sql`min(value)`,
  maximum: sql`max(value)`,
  // Accumulated: the total of the values received within the interval (e.g. pulses or volumes per reading).
  accumulated: sql`sum(value)`,
};

export interface ChartRange {
  itemUuid: string;
  field?: string;
  from: Date;
  to: Date;
}

const rangeFilter = ({ itemUuid, field, from, to }: ChartRange) =>
  sql`item_uuid = ${itemUuid} AND at >= ${from.toISOString()}::timestamptz AND at <= ${to.toISOString()}::timestamptz
      ${field ? sql`AND field = ${field}` : sql``}`;

/**
 * The start of the interval `at` falls in, in epoch milliseconds, at the browser's offset from UTC: fixed intervals are
 * counted from its midnight, weeks (from Monday) and months by the calendar; None is the whole period.
 */
function bucketStart(interval: SummaryInterval, from: Date, offsetMinutes: number): SQL {
  const offsetMs = offsetMinutes * 60_000;
  const size = INTERVAL_MS[interval];
  if (size) return sql`floor((extract(epoch FROM at) * 1000 + ${offsetMs}) / ${size}) * ${size} - ${offsetMs}`;
  if (interval === 'none') return sql`${from.getTime()}::float8`;
  const unit = interval === '1w' ? 'week' : 'month';
  return sql`extract(epoch FROM date_trunc(${unit}, (at AT TIME ZONE 'UTC') + ${offsetMinutes} * interval '1 minute')) * 1000 - ${offsetMs}`;
}

function bucketCount(interval: SummaryInterval, from: Date, to: Date): number {
  const size = INTERVAL_MS[interval] ?? (interval === '1w' ? 7 * 86_400_000 : interval === '1M' ? 28 * 86_400_000 : 0);
  return size ? Math.ceil((to.getTime() - from.getTime()) / size) : 1;
}

/** One value per field and interval: the statement (exported for the pruning test; `at`, the partition key, bounds it). */
export function summarySql(
  range: ChartRange,
  summary: Exclude<SummaryType, 'raw'>,
  interval: SummaryInterval,
  offset: number,
): SQL {
  return sql`SELECT field, bucket AS at, ${AGGREGATES[summary]} AS value
      FROM (SELECT field, value, ${bucketStart(interval, range.from, offset)} AS bucket
            FROM field_history WHERE ${rangeFilter(range)} AND value IS NOT NULL) AS h
      GROUP BY field, bucket ORDER BY field, bucket LIMIT ${ROW_LIMIT}`;
}

/** One value per field and interval: the average, lowest, highest or total of the numeric values in it. */
async function summarise(
  db: Database,
  range: ChartRange,
  summary: Exclude<SummaryType, 'raw'>,
  interval: SummaryInterval,
  offset: number,
) {
  if (bucketCount(interval, range.from, range.to) > SUMMARY_MAX_BUCKETS) {
    throw HttpError.badRequest('device-pipeline.errors.tooManyIntervals', 'interval', { max: SUMMARY_MAX_BUCKETS });
  }
  const rows = await queryRows<{ field: string; at: number | string; value: number | string | null }>(
    db,
    summarySql(range, summary, interval, offset),
  );
  const series: ChartResponse['series'] = {};
  for (const row of rows) (series[row.field] ??= []).push([Number(row.at), row.value === null ? null : Number(row.value)]);
  return series;
}

/**
 * Raw values; a field with more than `points` of them in the period keeps, of each of points/2 equal time buckets, its
 * lowest and highest value at their own times: the chart's shape (peaks included) at a fraction of the points. The
 * statement is exported for the pruning test (`at`, the partition key, bounds it).
 */
export function rawThinnedSql(range: ChartRange, points: number): SQL {
  const buckets = Math.max(1, Math.floor(points / 2));
  const widthMs = Math.max(1, Math.ceil((range.to.getTime() - range.from.getTime() + 1) / buckets));
  return sql`SELECT field, at, value, text_value, n > ${points} AS thinned FROM (
        SELECT field, at, value, text_value,
               count(*) OVER (PARTITION BY field) AS n,
               row_number() OVER (PARTITION BY field, bucket ORDER BY value ASC NULLS LAST, at) AS lowest,
               row_number() OVER (PARTITION BY field, bucket ORDER BY value DESC NULLS LAST, at) AS highest
        FROM (SELECT field, at, value, text_value,
                     floor((extract(epoch FROM at) * 1000 - ${range.from.getTime()}) / ${widthMs}) AS bucket
              FROM field_history WHERE ${rangeFilter(range)}) AS h
      ) AS w
      WHERE n <= ${points} OR lowest = 1 OR highest = 1
      ORDER BY field, at LIMIT ${ROW_LIMIT}`;
}

async function rawThinned(db: Database, range: ChartRange, points: number) {
  const rows = await queryRows<{
    field: string;
    at: Date | string;
    value: number | null;
    text_value: string | null;
    thinned: boolean;
  }>(db, rawThinnedSql(range, points));
  const series: ChartResponse['series'] = {};
  const thinned = new Set<string>();
  for (const row of rows) {
    (series[row.field] ??= []).push([new Date(row.at).getTime(), row.value ?? row.text_value ?? null]);
    if (row.thinned) thinned.add(row.field);
  }
  return { series, thinned: [...thinned] };
}

/** GET /items/{uuid}/chart: the item's field history for charts, summarised or raw (thinned when long). */
export async function chartSeries(
  db: Database,
  itemUuid: string,
  query: NodeChartQuery,
  now = new Date(),
): Promise<ChartResponse> {
  const to = query.to ? new Date(query.to) : now;
  const from = query.from ? new Date(query.from) : new Date(to.getTime() - DEFAULT_RANGE_MS);
  if (from.getTime() > to.getTime()) throw HttpError.badRequest('device-pipeline.errors.timeRange', 'from');
  const range = { itemUuid, field: query.field, from, to };
  const summary = query.summary ?? 'raw';
  const interval = query.interval ?? 'none';
  if (summary === 'raw') {
    const { series, thinned } = await rawThinned(db, range, query.points ?? CHART_DEFAULT_POINTS);
    if (query.field) series[query.field] ??= [];
    return { series, summary, interval, thinned };
  }
  const series = await summarise(db, range, summary, interval, query.utcOffsetMinutes ?? 0);
  if (query.field) series[query.field] ??= [];
  return { series, summary, interval, thinned: [] };
}

export const chartSchema = {
  type: 'object',
  properties: {
    series: {
      type: 'object',
      description: 'Per field, [epoch milliseconds, value] pairs in time order (summaries: one per interval, at its start)',
      additionalProperties: { type: 'array', items: { type: 'array', items: {}, minItems: 2, maxItems: 2 } },
    },
    summary: { type: 'string' },
    interval: { type: 'string' },
    thinned: { type: 'array', items: { type: 'string' } },
  },
};

/** The Chart tab's read (accounts spec §3 summary types and intervals), for items the caller's device-tag limit shows. */
export function chartRoutes(db: Database, items: Pick<ItemLookup, 'find'>): AnyRouteDefinition[] {
  return [
    defineAppRoute({
      method: 'GET',
      url: '/node-structure-item/:appId/items/:uuid/chart',
      summary:
        'The item’s field history for charts: raw values (thinned to min/max buckets beyond `points`) or their average, minimum, maximum or total per interval',
      app: 'appId',
      params: NodeItemParams,
      query: NodeChartQuery,
      response: chartSchema,
      handler: async ({ app, params, query }) => {
        if (!(await items.find(app.id, params.uuid, app.deviceTags))) throw HttpError.notFound();
        return chartSeries(db, params.uuid, query);
      },
    }),
  ];
}

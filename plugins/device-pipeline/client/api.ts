import type { HttpClient } from '@sensorium/core/client';
import type { ChartResponse, RawDataSearchResponse, SummaryInterval, SummaryType } from '../common';

/** A raw data search (POST /raw-data-history/search) without the application, which the API client adds. */
export interface RawDataQuery {
  tags?: string[];
  isItemSpecific: boolean;
  startTime: string;
  endTime: string;
  viewMode: 'realtime' | 'history';
  limit?: number;
  offset?: number;
}

/** The raw data and field history calls of one application (contract "Device pipeline"). */
export function pipelineApi(http: HttpClient, appId: string) {
  return {
    rawData: (query: RawDataQuery) =>
      http.post('raw-data-history/search', { json: { appId, ...query } }).json<RawDataSearchResponse>(),
    /** data_history.xlsx of the same search, dates at the given offset from UTC in minutes. */
    rawDataExcel: (query: RawDataQuery, utcOffsetMinutes: number) =>
      http.post('raw-data-history/search/excel', { json: { appId, ...query }, searchParams: { utcOffsetMinutes } }).blob(),
    /** The Chart tab's series: raw values (thinned beyond `points`) or a summary per interval. */
    chart: (
      uuid: string,
      query: {
        from: string;
        to: string;
        summary: SummaryType;
        interval: SummaryInterval;
        utcOffsetMinutes: number;
        points: number;
      },
    ) =>
      http
        .get(`node-structure-item/${encodeURIComponent(appId)}/items/${encodeURIComponent(uuid)}/chart`, { searchParams: query })
        .json<ChartResponse>(),
  };
}

import type { HttpClient } from '@sensorium/core/client';
import type { HistoryResponse, RawDataSearchResponse } from '../common';

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
    history: (uuid: string, from: Date, to: Date) =>
      http
        .get(`node-structure-item/${encodeURIComponent(appId)}/items/${encodeURIComponent(uuid)}/history`, {
          searchParams: { from: from.toISOString(), to: to.toISOString() },
        })
        .json<HistoryResponse>(),
  };
}

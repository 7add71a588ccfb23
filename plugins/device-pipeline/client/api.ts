import type { HttpClient } from '@sensorium/core/client';
import type { ChartResponse, SummaryInterval, SummaryType } from '../common';

/** The field history calls of one application (contract "Device pipeline"). */
export function pipelineApi(http: HttpClient, appId: string) {
  return {
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

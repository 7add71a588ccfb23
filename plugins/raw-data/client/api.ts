import type { HttpClient } from '@sensorium/core/client';
import type { ApplicationListResponse } from '@sensorium/applications/common';
import type { RawDataSearchResponse } from '@sensorium/device-pipeline/common';
import { EXPORT_ROWS_HEADER } from '../common';

/** A raw data search (POST /raw-data-history/search, node spec 7.3) without the application, which the client adds. */
export interface RawDataQuery {
  tags: string[];
  isItemSpecific: boolean;
  startTime: string;
  endTime: string;
  viewMode: 'realtime' | 'history';
  limit?: number;
  offset?: number;
}

/** How far a streamed export got: bytes received and the rows the file will hold (null when the server did not say). */
export interface ExportProgress {
  received: number;
  rows: number | null;
}

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export function rawDataApi(http: HttpClient) {
  return {
    search: (appId: string, query: RawDataQuery) =>
      http.post('raw-data-history/search', { json: { appId, ...query } }).json<RawDataSearchResponse>(),
    /**
     * data_history.xlsx of the same search, dates at the given offset from UTC in minutes. The server streams it as it
     * is written: the body is read chunk by chunk, telling `onProgress` the bytes received so far.
     */
    excel: async (
      appId: string,
      query: RawDataQuery,
      utcOffsetMinutes: number,
      onProgress: (progress: ExportProgress) => void,
    ): Promise<Blob> => {
      // No time limit: a large range takes as long as it takes, and shows its progress meanwhile.
      const response = await http.post('raw-data-history/search/excel', {
        json: { appId, ...query },
        searchParams: { utcOffsetMinutes },
        timeout: false,
      });
      const header = response.headers.get(EXPORT_ROWS_HEADER);
      const rows = header === null ? null : Number(header);
      const chunks: Uint8Array<ArrayBuffer>[] = [];
      let received = 0;
      onProgress({ received, rows });
      const reader = response.body?.getReader();
      for (let chunk = await reader?.read(); chunk && !chunk.done; chunk = await reader?.read()) {
        chunks.push(chunk.value as Uint8Array<ArrayBuffer>);
        received += chunk.value.byteLength;
        onProgress({ received, rows });
      }
      return new Blob(chunks, { type: XLSX_TYPE });
    },
    /** The applications the caller may see, for the page's application choice. */
    applications: () => http.get('application/').json<ApplicationListResponse>(),
  };
}

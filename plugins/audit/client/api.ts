import { getEnv } from 'mobx-state-tree';
import type { HttpClient, StoreEnv } from '@sensorium/core/client';
import { AUDIT_TOTAL_HEADER, type AuditEnquiry, type AuditHistoryRecord, type AuditHistorySettings } from '../common';

export type AuditEnquiryBody = Pick<AuditEnquiry, 'startDate' | 'startTime' | 'dueDate' | 'dueTime' | 'type' | 'archive'> &
  Partial<Pick<AuditEnquiry, 'keyword' | 'offset' | 'limit'>>;

/** The file name a download's Content-Disposition gives (its UTF-8 form first). */
export function attachmentName(header: string | null, fallback: string): string {
  const encoded = /filename\*=UTF-8''([^;]+)/i.exec(header ?? '');
  if (encoded) return decodeURIComponent(encoded[1]!);
  return /filename="([^"]+)"/i.exec(header ?? '')?.[1] ?? fallback;
}

/** The audit plugin's calls, for its store. */
export function createAuditApi(http: HttpClient) {
  return {
    settings: () => http.get('audithistory/settings').json<AuditHistorySettings>(),
    /** One page of records and how many match (POST /audithistory/enquiry, the total in X-Total-Count). */
    enquiry: async (body: AuditEnquiryBody) => {
      const response = await http.post('audithistory/enquiry', { json: body });
      return {
        total: Number(response.headers.get(AUDIT_TOTAL_HEADER) ?? 0),
        records: await response.json<AuditHistoryRecord[]>(),
      };
    },
    /** The CSV report of the enquiry's range and its file name. */
    exportCsv: async (body: AuditEnquiryBody) => {
      const response = await http.post('audithistory/enquiry/csv', { json: body });
      return {
        blob: await response.blob(),
        fileName: attachmentName(response.headers.get('content-disposition'), 'Audit History Report.csv'),
      };
    },
  };
}

export type AuditApi = ReturnType<typeof createAuditApi>;

/** The API for a store node, through the console's HTTP client in the store's environment. */
export function auditApi(node: object): AuditApi {
  return createAuditApi(getEnv<Pick<StoreEnv, 'http'>>(node).http);
}

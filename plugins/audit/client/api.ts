import { getEnv } from 'mobx-state-tree';
import type { HttpClient, StoreEnv } from '@sensorium/core/client';
import type { AuditRecord } from '@sensorium/core/common';

export interface AuditQuery {
  offset: number;
  limit: number;
  keyword: string;
}

/** GET /audit-history/: one page of the trail, newest first, and how many records match. */
export interface AuditPage {
  total: number;
  records: AuditRecord[];
}

/** The audit plugin's one call, for its store. */
export function createAuditApi(http: HttpClient) {
  return {
    page: ({ offset, limit, keyword }: AuditQuery) =>
      http
        .get('audit-history/', { searchParams: { offset, limit, ...(keyword.trim() ? { keyword: keyword.trim() } : {}) } })
        .json<AuditPage>(),
  };
}

export type AuditApi = ReturnType<typeof createAuditApi>;

/** The API for a store node, through the console's HTTP client in the store's environment. */
export function auditApi(node: object): AuditApi {
  return createAuditApi(getEnv<Pick<StoreEnv, 'http'>>(node).http);
}

import type { EventSummaryRow } from './types';

/** Per application, the counts are summed and the highest severity is taken (shell spec §2.2, §3). */
export function summariseEvents(rows: readonly EventSummaryRow[], appId: string): { count: number; severity: number } {
  let count = 0;
  let severity = 0;
  for (const row of rows) {
    if (row.appId !== appId) continue;
    count += Number(row.count) || 0;
    severity = Math.max(severity, row.severity);
  }
  return { count, severity };
}

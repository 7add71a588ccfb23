/** One entry of the audit trail as the API returns it. */
export interface AuditRecord {
  id: number;
  /** ISO timestamp. */
  at: string;
  /** Null for anonymous calls (failed logins). */
  userId: string | null;
  username: string | null;
  action: string;
  target: string | null;
  pluginId: string;
  address: string | null;
  outcome: 'success' | 'failure';
  detail: Record<string, unknown> | null;
}

import { createToken } from '../common';

export interface AuditEntry {
  /** Null for anonymous calls (failed logins). */
  userId: string | null;
  username: string | null;
  action: string;
  /** What was acted on, e.g. an application id. */
  target?: string | null;
  pluginId: string;
  address: string | null;
  outcome: 'success' | 'failure';
  detail?: Record<string, unknown>;
}

/** Writes the audit trail that the audit plugin reads (table `audit_records`, owned by core). */
export interface AuditLog {
  record(entry: AuditEntry): Promise<void>;
}
export const AuditLogToken = createToken<AuditLog>('core.audit-log');

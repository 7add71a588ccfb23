import { createToken, type AuditRecord } from '@sensorium/core/common';

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

export interface AuditQuery {
  limit: number;
  offset: number;
  /** Only records of users of this organisation (an si-customer's view); undefined for all. */
  organisationId?: string;
  /** Case-insensitive part of the username, action or target. */
  keyword?: string;
}

/** The audit trail (table `audit_records`, owned by core): written by every mutating call, read by the audit plugin. */
export interface AuditLog {
  record(entry: AuditEntry): Promise<void>;
  /** Newest first. */
  list(query: AuditQuery): Promise<{ total: number; records: AuditRecord[] }>;
}
export const AuditLogToken = createToken<AuditLog>('core.audit-log');

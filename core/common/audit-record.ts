/** What an audit record concerns (the spec's audit types): a user's action, the system, a device or an equipment. */
export const AUDIT_TYPES = ['system', 'device', 'equipment', 'useraction'] as const;
export type AuditType = (typeof AUDIT_TYPES)[number];

/** One entry of the audit trail as core stores it; the audit plugin translates it for readers. */
export interface AuditRecord {
  id: number;
  /** ISO timestamp. */
  at: string;
  type: AuditType;
  /** Null for anonymous calls (failed logins). */
  userId: string | null;
  username: string | null;
  action: string;
  /** Id of what was acted on (an application id, a username…). */
  target: string | null;
  /** Name of what was acted on when known ("North Pump Station"). */
  targetName: string | null;
  /** The application or object the record concerns, by name. */
  location: string | null;
  /** An i18n key of the sentence a route declared, with its parameters; null for the action's default sentence. */
  logKey: string | null;
  logParams: Record<string, string | number> | null;
  pluginId: string;
  address: string | null;
  outcome: 'success' | 'failure';
  /** What changed (`changes`: field, old and new values, secrets masked), a failure's error, or a job's details. */
  detail: Record<string, unknown> | null;
}

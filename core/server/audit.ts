import { createToken, type AuditRecord, type AuditType } from '@sensorium/core/common';

export interface AuditEntry {
  /** Null for anonymous calls (failed logins). */
  userId: string | null;
  username: string | null;
  action: string;
  /** What was acted on, e.g. an application id. */
  target?: string | null;
  /** The name of what was acted on, when known ("North Pump Station"). */
  targetName?: string | null;
  /** The application or object the record concerns, by name. */
  location?: string | null;
  /** Default `useraction`. */
  type?: AuditType;
  /** An i18n key of the record's sentence and its parameters, translated when the record is read. */
  log?: { key: string; params?: Record<string, string | number> };
  /** The acting user's organisation (an si-customer sees its organisation's records); looked up when absent. */
  organisationId?: string | null;
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
  /** Case-insensitive part of the username, action, target, target name or location. */
  keyword?: string;
  /** Records at or after this time. */
  from?: Date;
  /** Records before this time. */
  to?: Date;
  type?: AuditType;
  /** Read the archive (records older than the archive age) instead of the recent trail. */
  archive?: boolean;
}

/** The audit trail (tables `audit_records` and `audit_records_archive`, owned by core): written by every mutating call, read by the audit plugin. */
export interface AuditLog {
  record(entry: AuditEntry): Promise<void>;
  /** Newest first. */
  list(query: AuditQuery): Promise<{ total: number; records: AuditRecord[] }>;
  /** Moves the records older than `before` to the archive; answers how many moved. */
  archive(before: Date): Promise<number>;
}
export const AuditLogToken = createToken<AuditLog>('core.audit-log');

/** One changed field of an audit record's detail (`detail.changes`). Secrets read `***`. */
export interface AuditChange {
  field: string;
  old?: unknown;
  new?: unknown;
}

/** What a route's handler tells the audit record about its call (`context.audit`). */
export interface RouteAudit {
  /** What the call acted on: its id and name (a created application's id and name). */
  target(id: string | number | null, name?: string | null): void;
  /** The application or object the record concerns, by name (an app-scoped route's application by default). */
  location(name: string | null): void;
  /** The fields that differ between the old and new row (a create passes null before, a delete null after). */
  changes(before: object | null, after: object | null): void;
  /** More details for the record (merged into it; secrets masked). */
  detail(values: Record<string, unknown>): void;
}

// Header lists (an HTTP provider's, a webhook's) usually carry credentials: masked whole.
const SECRET = /password|passwd|token|secret|credential|authorization|cookie|headers$|apikey|api_key|private|(^|[a-z])key$/i;
/** Whether a field holds a secret that audit records must never show. */
export const isSecretField = (field: string): boolean => SECRET.test(field);
export const MASK = '***';
const MAX_TEXT = 200;
const MAX_FIELDS = 40;

// Lone surrogates and NUL: the database refuses them in text and JSON, and the record of a refused hostile call would be lost.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
const storable = (text: string) => text.replace(LONE_SURROGATE, '\uFFFD').replaceAll('\u0000', '\uFFFD');

/** A text as an audit record keeps it (a target, a name, a value): storable, and cut at 200 characters. */
export function auditText(value: string): string {
  // Cut first: a cut may split a surrogate pair.
  const cut = value.length > MAX_TEXT ? `${value.slice(0, MAX_TEXT)}…` : value;
  return storable(cut);
}

/** A value as an audit record keeps it: texts storable and cut, objects kept small. */
function auditValue(value: unknown): unknown {
  if (typeof value === 'string') return auditText(value);
  if (value instanceof Date) return value.toISOString();
  if (value === null || typeof value !== 'object') return value;
  const masked = maskedValue(value);
  const text = JSON.stringify(masked);
  return text.length > MAX_TEXT ? auditText(text) : masked;
}

/** Bookkeeping fields every write changes: no change a reader looks for. */
const BOOKKEEPING = new Set(['updatedAt', 'updated_at', 'updateDate']);
const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** The changed fields between two rows, secrets masked: what an update's record shows. */
export function auditChanges(before: object | null, after: object | null): AuditChange[] {
  const old = (before ?? {}) as Record<string, unknown>;
  const next = (after ?? {}) as Record<string, unknown>;
  const fields = [...new Set([...Object.keys(old), ...Object.keys(next)])].filter(
    (field) => !BOOKKEEPING.has(field) && !(field in next && next[field] === undefined),
  );
  const changes: AuditChange[] = [];
  for (const field of fields) {
    if (before && after && same(old[field], next[field])) continue;
    if (!after && old[field] === undefined) continue;
    const change: AuditChange = { field };
    if (before) change.old = isSecretField(field) ? MASK : auditValue(old[field]);
    if (after) change.new = isSecretField(field) ? MASK : auditValue(next[field]);
    changes.push(change);
    if (changes.length === MAX_FIELDS) break;
  }
  return changes;
}

const MAX_DEPTH = 8;

function collectLeaves(value: unknown, path: string, depth: number, leaves: Record<string, unknown>): void {
  const entries = value && typeof value === 'object' && !(value instanceof Date) ? Object.entries(value) : [];
  if (entries.length === 0 || depth === MAX_DEPTH) {
    leaves[path] = value;
    return;
  }
  for (const [key, inner] of entries) collectLeaves(inner, path ? `${path}.${key}` : key, depth + 1, leaves);
}

/**
 * A nested row as dotted leaf fields under a prefix (`temperature.rangeSettings.ranges.0.min`): given to
 * `audit.changes` or a route's `audit.row`, the record lists each changed setting with its old and new value instead of
 * two long objects cut short. Null (no row) stays null.
 */
export function auditLeaves(value: object | null | undefined, prefix = ''): Record<string, unknown> | null {
  if (value === null || value === undefined) return null;
  const leaves: Record<string, unknown> = {};
  collectLeaves(value, prefix, 0, leaves);
  return leaves;
}

/** A value with the secrets of its objects masked, at any depth (arrays too). */
function maskedValue(value: unknown): unknown {
  if (typeof value === 'string') return storable(value);
  if (Array.isArray(value)) return value.map(maskedValue);
  if (!value || typeof value !== 'object' || value instanceof Date) return value;
  return Object.fromEntries(
    Object.entries(value as Record<string, unknown>).map(([field, inner]) => [
      field,
      isSecretField(field) ? MASK : maskedValue(inner),
    ]),
  );
}

/** A detail object with its secrets masked (at any depth). */
export function maskSecrets(values: Record<string, unknown>): Record<string, unknown> {
  return maskedValue(values) as Record<string, unknown>;
}

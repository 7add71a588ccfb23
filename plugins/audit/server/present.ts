import type { AuditRecord } from '@sensorium/core/common';
import { ACTION_KEYS, NAMED_SENTENCE_KEYS, type AuditHistoryChange, type AuditHistoryRecord } from '../common';

type Translate = (key: string, params?: Record<string, string | number>) => string;

const REQUEST = /^(GET|POST|PUT|PATCH|DELETE) (\S+)$/;
/** Ids (uuids, numbers) say nothing to a reader: sentences name only names. */
const OPAQUE = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}|\d+)$/i;
/** Detail fields shown elsewhere (changes, the failure, the application as location). */
const SHOWN_APART = new Set(['changes', 'appId', 'status', 'error', 'field']);

/** A value of a change as the reader sees it. */
function shown(value: unknown): string | null {
  if (value === undefined) return null;
  if (value === null) return '—';
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** The name a sentence gives what the record acted on: its name, or a readable target (a username). */
function nameOf(record: AuditRecord): string | null {
  if (record.targetName) return record.targetName;
  return record.target && !OPAQUE.test(record.target) ? record.target : null;
}

/** The record's sentence ("Created application North Pump Station"), in the reader's language. */
export function logSentence(t: Translate, record: AuditRecord): string {
  const name = nameOf(record);
  const key = ACTION_KEYS[record.action];
  if (record.logKey) return t(record.logKey, { ...record.logParams, name: name ?? '', location: record.location ?? '' });
  let action: string;
  if (key) action = t(`audit.actions.${key}`);
  else {
    const request = REQUEST.exec(record.action);
    action = request
      ? t('audit.actions.request', { method: request[1]!, path: request[2]! })
      : t('audit.actions.other', { action: record.action });
  }
  if (record.outcome === 'failure')
    return name ? t('audit.log.failedNamed', { action, name }) : t('audit.log.failed', { action });
  if (name && key && NAMED_SENTENCE_KEYS.includes(key)) return t(`audit.log.${key}`, { name });
  return name ? t('audit.log.named', { action, name }) : action;
}

/** The changed fields of a record, values as text. */
export function changesOf(record: AuditRecord): AuditHistoryChange[] {
  const changes = record.detail?.changes;
  if (!Array.isArray(changes)) return [];
  return changes
    .filter((change): change is Record<string, unknown> => !!change && typeof change === 'object')
    .map((change) => ({ field: String(change.field), old: shown(change.old), new: shown(change.new) }));
}

/** What changed, or why the call failed, as one line of text in the reader's language. */
export function activityDetail(t: Translate, record: AuditRecord): string {
  const parts: string[] = [];
  const detail = record.detail ?? {};
  if (record.outcome === 'failure' && typeof detail.error === 'string') {
    const message = t(detail.error, { constraint1: '', constraint2: '' });
    parts.push(
      typeof detail.field === 'string'
        ? t('audit.detail.failureField', { status: Number(detail.status ?? 0), message, field: detail.field })
        : t('audit.detail.failure', { status: Number(detail.status ?? 0), message }),
    );
  }
  for (const change of changesOf(record)) {
    if (change.old !== null && change.new !== null)
      parts.push(t('audit.detail.changed', { field: change.field, old: change.old, new: change.new }));
    else if (change.new !== null) parts.push(t('audit.detail.set', { field: change.field, value: change.new }));
    else parts.push(t('audit.detail.removed', { field: change.field, value: change.old ?? '' }));
  }
  for (const [field, value] of Object.entries(detail)) {
    if (SHOWN_APART.has(field) || value === undefined) continue;
    parts.push(t('audit.detail.set', { field, value: shown(value) ?? '' }));
  }
  return parts.join('; ');
}

/** An audit record as the enquiry answers it. `location` is the record's own, else its application's name. */
export function presentRecord(
  t: Translate,
  record: AuditRecord,
  applicationName: (appId: string) => string | null,
): AuditHistoryRecord {
  const appId = typeof record.detail?.appId === 'string' ? record.detail.appId : null;
  return {
    id: record.id,
    generatedDateTime: record.at,
    type: record.type,
    location: record.location ?? (appId ? (applicationName(appId) ?? appId) : (nameOf(record) ?? null)),
    log: logSentence(t, record),
    activityDetail: activityDetail(t, record),
    changes: changesOf(record),
    userId: record.username,
    userIp: record.address,
    outcome: record.outcome,
  };
}

import { getTableColumns } from 'drizzle-orm';
import type { EventHistoryEntry, EventRecord } from '../common';
import { nodeEvents, type eventsHistory } from './schema';

type NodeEventRow = typeof nodeEvents.$inferSelect;

const columns = Object.entries(getTableColumns(nodeEvents));

/**
 * A node_events row as a raw SQL statement answers it (`RETURNING *` of the set-based ingest writes: column names, driver
 * values) in the shape Drizzle's queries give.
 */
export function fromSqlRow(raw: Record<string, unknown>): NodeEventRow {
  return Object.fromEntries(
    columns.map(([key, column]) => {
      const value = raw[column.name];
      return [key, value === null || value === undefined ? null : column.mapFromDriverValue(value)];
    }),
  ) as NodeEventRow;
}

const iso = (date: Date | string | null): string | null => (date === null ? null : new Date(date).toISOString());

/** A node_events row as the API and the transition hooks see it (the spec's field names). */
export function toEventRecord(row: NodeEventRow): EventRecord {
  return {
    id: row.id,
    appId: row.appId,
    itemUuid: row.itemUuid,
    itemName: row.itemName,
    field: row.field,
    rangeIndex: row.rangeIndex,
    rangeName: row.rangeName,
    ruleId: row.ruleId,
    severity: row.severity,
    description: row.description,
    eventType: row.eventType,
    generatedDateTime: iso(row.generatedAt)!,
    location: row.location,
    additionalInfo: row.additionalInfo,
    equipmentName: row.equipmentName,
    node: row.node,
    value: row.value,
    unit: row.unit,
    rangeStatus: row.rangeStatus,
    resumeStatus: row.resumeStatus,
    eventStatus: row.eventStatus,
    isAcknowledged: row.isAcknowledged,
    acknowledgedBy: row.acknowledgedBy,
    acknowledgedDateTime: iso(row.acknowledgedAt),
    isCleared: row.isCleared,
    clearedBy: row.clearedBy,
    clearedDateTime: iso(row.clearedAt),
    actions: row.actions,
    updatedAt: iso(row.updatedAt)!,
  };
}

export function toHistoryEntry(row: typeof eventsHistory.$inferSelect): EventHistoryEntry {
  return {
    id: String(row.id),
    eventId: row.eventId,
    at: iso(row.at)!,
    kind: row.kind,
    actor: { kind: row.actorKind, id: row.actorId, label: row.actorLabel },
    comment: row.comment,
    detail: row.detail,
  };
}

import { asc, eq, getTableColumns, sql } from 'drizzle-orm';
import { chunks, queryRows, type ApplicationData, type ApplicationDataParticipant, type Database } from '@sensorium/core/server';
import type { ApplicationAccess } from '@sensorium/applications/common';
import type { ItemLookup } from '@sensorium/nodes/common';
import type { EventsPublish } from './events-changed';
import { eventsHistory, nodeEvents } from './schema';

type Row = Record<string, unknown>;

const date = (value: unknown): Date | null => (typeof value === 'string' || value instanceof Date ? new Date(value) : null);
const text = (value: unknown, fallback = ''): string => (typeof value === 'string' ? value : fallback);
const object = <T>(value: unknown, fallback: T): T => (value && typeof value === 'object' ? (value as T) : fallback);
const textOrNull = (value: unknown): string | null => (typeof value === 'string' ? value : null);

/** Dates as ISO text, as a backup stores them. */
function toJson(row: object): Row {
  return Object.fromEntries(
    Object.entries(row).map(([key, value]) => [key, value instanceof Date ? value.toISOString() : value]),
  );
}

const HISTORY_KINDS: ReadonlySet<unknown> = new Set([
  'created',
  'updated',
  'acknowledged',
  'cleared',
  'auto-cleared',
  'notified',
]);
const ACTOR_KINDS: ReadonlySet<unknown> = new Set(['user', 'contact', 'system']);

/** The history rows of restored events, pointed at their events' new ids (rows of events not restored are left out). */
function restoredHistory(rows: readonly Row[], eventIds: ReadonlyMap<string, string>): (typeof eventsHistory.$inferInsert)[] {
  return rows.flatMap((row) => {
    const eventId = eventIds.get(text(row.eventId));
    if (!eventId || !HISTORY_KINDS.has(row.kind) || !ACTOR_KINDS.has(row.actorKind)) return [];
    return [
      {
        eventId,
        at: date(row.at) ?? new Date(),
        kind: row.kind as (typeof eventsHistory.$inferInsert)['kind'],
        actorKind: row.actorKind as (typeof eventsHistory.$inferInsert)['actorKind'],
        actorId: textOrNull(row.actorId),
        actorLabel: text(row.actorLabel),
        comment: textOrNull(row.comment),
        detail: object(row.detail, {}),
      },
    ];
  });
}

/**
 * An application's events and their history are backed up and restored after the nodes plugin restored the items
 * (order 20): events find their item by name, so a restore into another application, whose items get fresh uuids, points
 * them at the copies. Once a restore or deletion that touched events committed, the application's viewers get
 * `system-event-refresh`.
 */
export function eventsDataParticipant(
  db: Database,
  items: ItemLookup,
  access: Pick<ApplicationAccess, 'ownerOf'>,
  refresh: EventsPublish,
): ApplicationDataParticipant {
  /** After commit, the application's viewers recount (its owner read now: after a deletion there is none to read). */
  const refreshAfterCommit = async (appId: string, transaction: Database) => {
    const owner = await access.ownerOf(appId, transaction);
    return () => refresh(appId, owner);
  };
  return {
    id: 'events.events',
    order: 21,
    // Older backups kept the events in the device pipeline's section, and before that in the nodes plugin's.
    formerIds: ['device-pipeline.events', 'nodes.items'],
    async exportData(appId: string): Promise<ApplicationData> {
      const events = await db.select().from(nodeEvents).where(eq(nodeEvents.appId, appId));
      const history = await db
        .select(getTableColumns(eventsHistory))
        .from(eventsHistory)
        .innerJoin(nodeEvents, eq(nodeEvents.id, eventsHistory.eventId))
        .where(eq(nodeEvents.appId, appId))
        .orderBy(asc(eventsHistory.id));
      return {
        data: [
          { table: 'node_events', rows: events.map(toJson) },
          { table: 'events_history', rows: history.map(toJson) },
        ],
        files: [],
      };
    },
    async importData(targetAppId, exported, transaction) {
      const events = exported.data.find((set) => set.table === 'node_events')?.rows ?? [];
      if (events.length === 0) return;
      const sameApp = events.every((row) => row.appId === targetAppId);
      const byName = new Map((await items.itemsOf(targetAppId, transaction)).map((item) => [item.itemName, item.uuid]));
      const eventIds = new Map<string, string>();
      for (const row of events) {
        // A subject event (a gateway offline) tells of live state outside the application's data: not restored.
        if (row.subject) continue;
        const itemUuid = byName.get(text(row.itemName));
        if (!itemUuid) continue;
        const [restored] = await transaction
          .insert(nodeEvents)
          .values({
            ...(sameApp ? { id: text(row.id) } : {}),
            appId: targetAppId,
            itemUuid,
            itemName: text(row.itemName),
            field: text(row.field),
            rangeIndex: Number(row.rangeIndex) || 0,
            rangeName: text(row.rangeName),
            severity: Number(row.severity) || 0,
            description: text(row.description),
            eventType: text(row.eventType, 'device'),
            generatedAt: date(row.generatedAt) ?? new Date(),
            location: text(row.location),
            node: object(row.node, { itemDisplayName: '', itemName: '' }),
            value: textOrNull(row.value),
            unit: textOrNull(row.unit),
            rangeStatus: textOrNull(row.rangeStatus),
            resumeStatus: textOrNull(row.resumeStatus),
            eventStatus: row.eventStatus === 'acked' || row.eventStatus === 'cleared' ? row.eventStatus : 'created',
            isAcknowledged: row.isAcknowledged === true,
            acknowledgedBy: textOrNull(row.acknowledgedBy),
            acknowledgedAt: date(row.acknowledgedAt),
            isCleared: row.isCleared === true,
            clearedBy: textOrNull(row.clearedBy),
            clearedAt: date(row.clearedAt),
            additionalInfo: text(row.additionalInfo),
            equipmentName: text(row.equipmentName),
            actions: object(row.actions, {}),
            ruleId: textOrNull(row.ruleId),
            createdAt: date(row.createdAt) ?? new Date(),
            updatedAt: date(row.updatedAt) ?? new Date(),
          })
          .returning({ id: nodeEvents.id });
        eventIds.set(text(row.id), restored!.id);
      }
      const history = exported.data.find((set) => set.table === 'events_history')?.rows ?? [];
      for (const part of chunks(restoredHistory(history, eventIds), 1000)) await transaction.insert(eventsHistory).values(part);
      if (eventIds.size > 0) return refreshAfterCommit(targetAppId, transaction);
    },
    async deleteData(appId, transaction) {
      const [{ deleted } = { deleted: 0 }] = await queryRows<{ deleted: number }>(
        transaction,
        sql`WITH deleted AS (DELETE FROM node_events WHERE app_id = ${appId} RETURNING 1) SELECT count(*)::int AS deleted FROM deleted`,
      );
      if (deleted > 0) return refreshAfterCommit(appId, transaction);
    },
  };
}

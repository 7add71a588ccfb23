import { eq } from 'drizzle-orm';
import type { ApplicationData, ApplicationDataParticipant, Database } from '@sensorium/core/server';
import type { ItemLookup } from '@sensorium/nodes/common';
import { nodeEvents } from './schema';

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

/**
 * An application's events are backed up and restored after the nodes plugin restored the items (order 20): events find
 * their item by name, so a restore into another application, whose items get fresh uuids, points them at the copies.
 */
export function eventsDataParticipant(db: Database, items: ItemLookup): ApplicationDataParticipant {
  return {
    id: 'events.events',
    order: 21,
    // Older backups kept the events in the device pipeline's section, and before that in the nodes plugin's.
    formerIds: ['device-pipeline.events', 'nodes.items'],
    async exportData(appId: string): Promise<ApplicationData> {
      const events = await db.select().from(nodeEvents).where(eq(nodeEvents.appId, appId));
      return { data: [{ table: 'node_events', rows: events.map(toJson) }], files: [] };
    },
    async importData(targetAppId, exported, transaction) {
      const events = exported.data.find((set) => set.table === 'node_events')?.rows ?? [];
      if (events.length === 0) return;
      const sameApp = events.every((row) => row.appId === targetAppId);
      const byName = new Map((await items.itemsOf(targetAppId, transaction)).map((item) => [item.itemName, item.uuid]));
      for (const row of events) {
        const itemUuid = byName.get(text(row.itemName));
        if (!itemUuid) continue;
        await transaction.insert(nodeEvents).values({
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
          createdAt: date(row.createdAt) ?? new Date(),
          updatedAt: date(row.updatedAt) ?? new Date(),
        });
      }
    },
    async deleteData(appId, transaction) {
      await transaction.delete(nodeEvents).where(eq(nodeEvents.appId, appId));
    },
  };
}

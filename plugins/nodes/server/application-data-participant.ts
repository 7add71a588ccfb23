import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { ApplicationData, ApplicationDataParticipant, Database } from '@sensorium/core/server';
import { deviceKeyOf, overlapping } from './items/device-binding';
import { nodeItems } from './schema';

type Row = Record<string, unknown>;

/** Dates as ISO text, as a backup stores them. */
function toJson(row: object): Row {
  return Object.fromEntries(
    Object.entries(row).map(([key, value]) => [key, value instanceof Date ? value.toISOString() : value]),
  );
}

const date = (value: unknown): Date | null => (typeof value === 'string' || value instanceof Date ? new Date(value) : null);
const text = (value: unknown, fallback = ''): string => (typeof value === 'string' ? value : fallback);
const object = <T>(value: unknown, fallback: T): T => (value && typeof value === 'object' ? (value as T) : fallback);

/** Parents before children, so every parent_uuid exists when its child is inserted. */
function parentsFirst(rows: readonly Row[]): Row[] {
  const byUuid = new Map(rows.map((row) => [String(row.uuid), row]));
  const done = new Set<string>();
  const ordered: Row[] = [];
  const visit = (row: Row, trail: Set<string>) => {
    const uuid = String(row.uuid);
    if (done.has(uuid) || trail.has(uuid)) return;
    trail.add(uuid);
    const parent = row.parentUuid ? byUuid.get(String(row.parentUuid)) : undefined;
    if (parent) visit(parent, trail);
    done.add(uuid);
    ordered.push(row);
  };
  for (const row of rows) visit(row, new Set());
  return ordered;
}

/**
 * The nodes plugin's share of an application: its node items are backed up and restored (the events plugin backs up
 * the items' events after them; older backups also hold the contacts here, which the notifications plugin restores). A restore into another application id gets fresh item uuids; a
 * device still bound to an item elsewhere stays there (the copy keeps its data source but is not bound to the device).
 */
export function nodesDataParticipant(db: Database): ApplicationDataParticipant {
  return {
    id: 'nodes.items',
    order: 20,
    async exportData(appId: string): Promise<ApplicationData> {
      const items = await db.select().from(nodeItems).where(eq(nodeItems.appId, appId));
      return { data: [{ table: 'node_items', rows: items.map(toJson) }], files: [] };
    },
    async importData(targetAppId, exported, transaction) {
      const rows = (table: string) => exported.data.find((set) => set.table === table)?.rows ?? [];
      const items = rows('node_items');
      const sameApp = items.every((row) => row.appId === targetAppId);
      const uuids = new Map<string, string>(items.map((row) => [String(row.uuid), sameApp ? String(row.uuid) : randomUUID()]));
      const mapped = (uuid: unknown) => (typeof uuid === 'string' ? (uuids.get(uuid) ?? null) : null);

      for (const row of parentsFirst(items)) {
        // The binding follows the restored data source, never the backup's columns, and only while it is free.
        const key = deviceKeyOf(object(row.dataSource, {}));
        const overlap = overlapping(key);
        const taken = overlap && (await transaction.select({ uuid: nodeItems.uuid }).from(nodeItems).where(overlap).limit(1));
        const device = taken && taken.length === 0 ? key : { ...key, deviceId: null, deviceApplication: null };
        await transaction.insert(nodeItems).values({
          uuid: mapped(row.uuid)!,
          appId: targetAppId,
          itemName: text(row.itemName),
          displayName: text(row.displayName),
          description: text(row.description),
          itemType: row.itemType === 'node' ? 'node' : 'item',
          parentUuid: mapped(row.parentUuid),
          position: Number(row.position) || 0,
          enable: row.enable !== false,
          connection: row.connection === true,
          lastReceiveDate: date(row.lastReceiveDate),
          lastValidDate: date(row.lastValidDate),
          input: object(row.input, {}),
          outputSimple: object(row.outputSimple, {}),
          status: object(row.status, { severity: 0, eventSeverity: 0, fieldStatus: {} }),
          dataSource: object(row.dataSource, {}),
          geoInfo: object(row.geoInfo, { tags: [] }),
          runtime: object(row.runtime, {}),
          ...device,
          createdAt: date(row.createdAt) ?? new Date(),
          updatedAt: date(row.updatedAt) ?? new Date(),
        });
      }
    },
    async deleteData(appId, transaction) {
      await transaction.delete(nodeItems).where(eq(nodeItems.appId, appId));
    },
  };
}

import { and, eq, inArray, sql } from 'drizzle-orm';
import { isUUID } from 'class-validator';
import { queryRows, type Database } from '@sensorium/core/server';
import type { FloorPlan, ItemLookup, ItemRef, PlacedDevice } from '../../common/item-lookup';
import type { SqlExecutor } from '../../common/item-state';
import { toItem, withMaskedDeviceKeys } from '../item-json';
import { treeOrder, visibleRows, type ItemTree } from '../items/tree';
import type { NodeObjectStore } from '../maps/site-objects';
import { nodeItems } from '../schema';

const REF = { uuid: nodeItems.uuid, appId: nodeItems.appId, itemName: nodeItems.itemName };
type Row = typeof nodeItems.$inferSelect;

/**
 * The application's rows among `uuids` and every node above them: what placing those devices in the tree needs, read
 * a level at a time (a tree is a few levels deep) instead of the whole application.
 */
async function rowsWithAncestors(db: Database, appId: string, uuids: readonly string[]): Promise<Row[]> {
  const rows = new Map<string, Row>();
  let wanted = [...new Set(uuids.filter((uuid) => isUUID(uuid)))];
  while (wanted.length > 0) {
    const found = await db
      .select()
      .from(nodeItems)
      .where(and(eq(nodeItems.appId, appId), inArray(nodeItems.uuid, wanted)));
    for (const row of found) rows.set(row.uuid, row);
    wanted = [...new Set(found.flatMap((row) => (row.parentUuid && !rows.has(row.parentUuid) ? [row.parentUuid] : [])))];
  }
  return [...rows.values()];
}

/** The devices among `rows` that `deviceTags` let through, in tree order, with their paths. */
function placedDevices(all: readonly Row[], deviceTags: readonly string[] | null): PlacedDevice[] {
  const rows = visibleRows(all, deviceTags);
  const byUuid = new Map(rows.map((row) => [row.uuid, row]));
  const pathOf = (parentUuid: string | null): string[] => {
    const path: string[] = [];
    for (let at = byUuid.get(parentUuid ?? ''); at && path.length < byUuid.size; at = byUuid.get(at.parentUuid ?? '')) {
      path.unshift(at.itemName);
    }
    return path;
  };
  return treeOrder(rows)
    .filter(({ row }) => row.itemType === 'item')
    .map(({ row, parent }) => ({
      item: withMaskedDeviceKeys(toItem(row, parent?.itemName ?? null)),
      path: pathOf(row.parentUuid),
    }));
}

/** ItemLookup over node_items (provided to other plugins as ItemLookupToken). */
export function itemLookup(db: Database, tree: ItemTree, objects: NodeObjectStore): ItemLookup {
  async function floorPlan(appId: string, uuid: string): Promise<FloorPlan | null> {
    if (!isUUID(uuid)) return null;
    const [row] = await db
      .select({ geoInfo: nodeItems.geoInfo })
      .from(nodeItems)
      .where(and(eq(nodeItems.appId, appId), eq(nodeItems.uuid, uuid)));
    const plan = row?.geoInfo?.floorPlan;
    return plan ? { image: plan.origin.image, pins: plan.pins ?? [] } : null;
  }

  return {
    async find(appId, uuid, deviceTags = null) {
      if (deviceTags !== null && !(await tree.isVisible(appId, uuid, deviceTags))) return null;
      const [found] = await db
        .select(REF)
        .from(nodeItems)
        .where(and(eq(nodeItems.uuid, uuid), eq(nodeItems.appId, appId)));
      return found ?? null;
    },

    async visibleItems(appId, deviceTags) {
      return (await tree.rows(appId, deviceTags)).map((row) => ({ uuid: row.uuid, appId, itemName: row.itemName }));
    },

    async devices(appId, deviceTags, uuids) {
      // Devices are leaves (items have no children), so a device's visibility and path need only the nodes above it.
      const rows = uuids
        ? await rowsWithAncestors(db, appId, uuids)
        : await db.select().from(nodeItems).where(eq(nodeItems.appId, appId));
      return placedDevices(rows, deviceTags);
    },

    floorPlan,

    async floorPlanImage(appId, uuid) {
      const plan = await floorPlan(appId, uuid);
      if (!plan) return null;
      const url = await objects.downloadUrl(appId, plan.image);
      return url ? { url } : objects.read(appId, plan.image);
    },

    itemsOf(appId, tx?: SqlExecutor) {
      return queryRows<ItemRef>(
        tx ?? db,
        sql`SELECT uuid, app_id AS "appId", item_name AS "itemName" FROM node_items WHERE app_id = ${appId}`,
      );
    },

    async enabledItemsOfSource(type) {
      return db
        .select({ ...REF, dataSource: nodeItems.dataSource })
        .from(nodeItems)
        .where(and(eq(nodeItems.enable, true), sql`${nodeItems.dataSource}->>'type' = ${type}`));
    },
  };
}

import { and, eq, sql } from 'drizzle-orm';
import { queryRows, type Database } from '@sensorium/core/server';
import type { ItemLookup, ItemRef } from '../../common/item-lookup';
import type { SqlExecutor } from '../../common/item-state';
import { toItem, withMaskedDeviceKeys } from '../item-json';
import { treeOrder, visibleRows, type ItemTree } from '../items/tree';
import { nodeItems } from '../schema';

const REF = { uuid: nodeItems.uuid, appId: nodeItems.appId, itemName: nodeItems.itemName };

/** ItemLookup over node_items (provided to other plugins as ItemLookupToken). */
export function itemLookup(db: Database, tree: ItemTree): ItemLookup {
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

    async devices(appId, deviceTags) {
      const rows = visibleRows(await db.select().from(nodeItems).where(eq(nodeItems.appId, appId)), deviceTags);
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

import { and, eq, sql } from 'drizzle-orm';
import { queryRows, type Database } from '@sensorium/core/server';
import type { ItemLookup, ItemRef } from '../../common/item-lookup';
import type { SqlExecutor } from '../../common/item-state';
import { nodeItems } from '../schema';

const REF = { uuid: nodeItems.uuid, appId: nodeItems.appId, itemName: nodeItems.itemName };

/** ItemLookup over node_items (provided to other plugins as ItemLookupToken). */
export function itemLookup(db: Database): ItemLookup {
  return {
    async find(appId, uuid) {
      const [found] = await db
        .select(REF)
        .from(nodeItems)
        .where(and(eq(nodeItems.uuid, uuid), eq(nodeItems.appId, appId)));
      return found ?? null;
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

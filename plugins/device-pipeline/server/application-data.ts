import { eq, sql } from 'drizzle-orm';
import { jsonParam, type ApplicationDeletionHook, type Database } from '@sensorium/core/server';
import type { ItemLookup } from '@sensorium/nodes/common';
import { fieldHistory, rawData } from './schema';

/**
 * Raw data and field history are left out of backups (they grow without bound) but deleted with the application; the
 * hooks run before the nodes plugin deletes the items, so they are still there to name.
 */
export function pipelineDeletionHook(items: ItemLookup): ApplicationDeletionHook {
  return {
    id: 'device-pipeline.history',
    async deleteData(appId: string, transaction: Database) {
      const uuids = (await items.itemsOf(appId, transaction)).map((item) => item.uuid);
      if (uuids.length > 0) {
        await transaction
          .delete(fieldHistory)
          .where(sql`${fieldHistory.itemUuid} IN (SELECT json_array_elements_text(${jsonParam(uuids)})::uuid)`);
      }
      await transaction.delete(rawData).where(eq(rawData.appId, appId));
    },
  };
}

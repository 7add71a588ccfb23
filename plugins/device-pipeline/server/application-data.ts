import { sql } from 'drizzle-orm';
import { jsonParam, type ApplicationDeletionHook, type Database } from '@sensorium/core/server';
import type { ItemLookup } from '@sensorium/nodes/common';
import { fieldHistory } from './schema';

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
      // The raw rows' dedup keys go with them.
      await transaction.execute(sql`
        WITH gone AS (DELETE FROM raw_data WHERE app_id = ${appId} RETURNING source, dedup_key)
        DELETE FROM device_pipeline_raw_keys k USING gone WHERE k.source = gone.source AND k.dedup_key = gone.dedup_key`);
    },
  };
}

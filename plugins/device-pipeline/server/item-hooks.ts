import { sql } from 'drizzle-orm';
import { jsonParam } from '@sensorium/core/server';
import type { ItemDeletionHook, PreferenceChangeHook } from '@sensorium/nodes/common';
import type { IngestService } from './ingest';

const uuidList = (uuids: readonly string[]) => sql`SELECT json_array_elements_text(${jsonParam(uuids)})::uuid`;

/** Deleted items take their history with them (raw rows stay: they record what arrived). */
export const pipelineItemDeletionHook: ItemDeletionHook = {
  id: 'device-pipeline.item-data',
  async deleteItems(tx, _appId, uuids) {
    await tx.execute(sql`DELETE FROM field_history WHERE item_uuid IN (${uuidList(uuids)})`);
  },
};

/** After a field preference or override change, the current values are processed again (ranges, events, live view). */
export function pipelinePreferenceHook(ingest: Pick<IngestService, 'refresh'>): PreferenceChangeHook {
  return {
    id: 'device-pipeline.reevaluate',
    async preferencesChanged(_appId, uuid) {
      await ingest.refresh([uuid]);
    },
  };
}

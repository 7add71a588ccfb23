import { sql } from 'drizzle-orm';
import { jsonParam, queryRows } from '@sensorium/core/server';
import type { ItemDeletionHook, PreferenceChangeHook } from '@sensorium/nodes/common';
import type { IngestService } from './ingest';

const uuidList = (uuids: readonly string[]) => sql`SELECT json_array_elements_text(${jsonParam(uuids)})::uuid`;

/**
 * Deleted items take their history and events with them (raw rows stay: they record what arrived). When open events
 * went, the alarm bell is told once the deletion committed.
 */
export function pipelineDeletionHook(eventsChanged: (appId: string) => Promise<void>): ItemDeletionHook {
  return {
    id: 'device-pipeline.item-data',
    async deleteItems(tx, appId, uuids) {
      await tx.execute(sql`DELETE FROM field_history WHERE item_uuid IN (${uuidList(uuids)})`);
      const [{ open } = { open: 0 }] = await queryRows<{ open: number }>(
        tx,
        sql`WITH deleted AS (DELETE FROM node_events WHERE item_uuid IN (${uuidList(uuids)}) RETURNING is_cleared)
            SELECT count(*) FILTER (WHERE NOT is_cleared)::int AS open FROM deleted`,
      );
      if (open > 0) return () => eventsChanged(appId);
    },
  };
}

/** After a field preference or override change, the current values are processed again (ranges, events, live view). */
export function pipelinePreferenceHook(ingest: Pick<IngestService, 'refresh'>): PreferenceChangeHook {
  return {
    id: 'device-pipeline.reevaluate',
    async preferencesChanged(_appId, uuid) {
      await ingest.refresh([uuid]);
    },
  };
}

import { sql } from 'drizzle-orm';
import { jsonParam, queryRows } from '@sensorium/core/server';
import type { ItemDeletionHook } from '@sensorium/nodes/common';
import type { EventsPublish } from './events-changed';

const uuidList = (uuids: readonly string[]) => sql`SELECT json_array_elements_text(${jsonParam(uuids)})::uuid`;

/**
 * Deleted items take their events with them; when some went (open or not: the Event View lists both), the
 * application's viewers are told to recount once the deletion committed.
 */
export function eventsDeletionHook(refresh: EventsPublish): ItemDeletionHook {
  return {
    id: 'events.item-events',
    async deleteItems(tx, appId, uuids) {
      const [{ deleted } = { deleted: 0 }] = await queryRows<{ deleted: number }>(
        tx,
        sql`WITH deleted AS (DELETE FROM node_events WHERE item_uuid IN (${uuidList(uuids)}) RETURNING 1)
            SELECT count(*)::int AS deleted FROM deleted`,
      );
      if (deleted > 0) return () => refresh(appId);
    },
  };
}

import { sql } from 'drizzle-orm';
import { jsonParam, queryRows } from '@sensorium/core/server';
import type { ItemDeletionHook } from '@sensorium/nodes/common';

const uuidList = (uuids: readonly string[]) => sql`SELECT json_array_elements_text(${jsonParam(uuids)})::uuid`;

/** Deleted items take their events with them; when open ones went, the alarm bell is told once the deletion committed. */
export function eventsDeletionHook(eventsChanged: (appId: string) => Promise<void>): ItemDeletionHook {
  return {
    id: 'events.item-events',
    async deleteItems(tx, appId, uuids) {
      const [{ open } = { open: 0 }] = await queryRows<{ open: number }>(
        tx,
        sql`WITH deleted AS (DELETE FROM node_events WHERE item_uuid IN (${uuidList(uuids)}) RETURNING is_cleared)
            SELECT count(*) FILTER (WHERE NOT is_cleared)::int AS open FROM deleted`,
      );
      if (open > 0) return () => eventsChanged(appId);
    },
  };
}

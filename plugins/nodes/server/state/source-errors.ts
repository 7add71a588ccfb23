import { sql } from 'drizzle-orm';
import { jsonParam, type Database } from '@sensorium/core/server';
import type { ItemSourceErrors } from '../../common/source-errors';

/** What is kept of a failure's message: the item shows it, the server log has all of it. */
const MAX_MESSAGE_LENGTH = 500;

/** ItemSourceErrors over node_items.source_error. */
export function itemSourceErrors(db: Database): ItemSourceErrors {
  return {
    async failed(failures) {
      if (failures.length === 0) return;
      const rows = failures.map(({ uuid, message, at }) => ({
        u: uuid,
        m: message.length > MAX_MESSAGE_LENGTH ? `${message.slice(0, MAX_MESSAGE_LENGTH - 1)}…` : message,
        a: at.toISOString(),
      }));
      await db.execute(sql`
        UPDATE node_items AS n SET source_error = jsonb_build_object('message', x.m, 'at', x.a)
        FROM json_to_recordset(${jsonParam(rows)}) AS x(u uuid, m text, a text)
        WHERE n.uuid = x.u`);
    },
    async succeeded(uuids) {
      if (uuids.length === 0) return;
      await db.execute(sql`
        UPDATE node_items SET source_error = NULL
        WHERE uuid IN (SELECT json_array_elements_text(${jsonParam(uuids)})::uuid) AND source_error IS NOT NULL`);
    },
  };
}

import { sql, type SQL } from 'drizzle-orm';
import { chunks, jsonParam, queryRows, textArrayParam } from '@sensorium/core/server';
import type {
  ExpiredItem,
  ItemSelector,
  ItemStateRow,
  ItemStateStore,
  ItemStateWrite,
  SqlExecutor,
} from '../../common/item-state';

/** The columns the pipeline reads, named as ItemStateRow (no mapping per row on the hot path). */
const STATE_COLUMNS = sql.raw(`n.uuid, n.app_id AS "appId", n.item_name AS "itemName", n.display_name AS "displayName",
  n.item_type AS "itemType", n.parent_uuid AS "parentUuid", n.enable,
  (n.updated_at::text || ':' || pg_column_size(n.input)::text) AS "inputHash", n.output_simple AS "outputSimple", n.status,
  n.runtime, n.data_source->'enableHistory' AS "enableHistory", n.geo_info->'site'->>'address' AS address,
  n.source_type AS "sourceType", n.data_source->>'sensorType' AS "sensorType",
  COALESCE(n.geo_info->'tags', '[]'::jsonb) AS tags, n.device_id AS "deviceId",
  n.device_application AS "deviceApplication", n.connection, n.last_receive_date AS "lastReceiveDate",
  n.last_valid_date AS "lastValidDate"`);

const uuidList = (uuids: readonly string[]) => sql`SELECT unnest(${textArrayParam(uuids)})::uuid`;

/** Rows of two text columns as two parallel arrays, for `(a, b) IN (…)`. */
function pairs<T>(rows: readonly T[], first: (row: T) => string, second: (row: T) => string): SQL {
  return sql`SELECT * FROM unnest(${textArrayParam(rows.map(first))}, ${textArrayParam(rows.map(second))})`;
}

function where(selector: ItemSelector): SQL {
  if ('uuids' in selector) return sql`n.uuid IN (${uuidList(selector.uuids)})`;
  if ('dueAt' in selector) {
    return sql`n.uuid IN (SELECT uuid FROM node_items WHERE runtime ? 'dueAt' AND (runtime->>'dueAt')::float8 <= ${selector.dueAt}::float8 LIMIT ${selector.limit})`;
  }
  const devices = pairs(
    selector.devices,
    (device) => device.source,
    (device) => device.deviceId,
  );
  const byDevice = sql`n.device_id IS NOT NULL AND (n.source_type, n.device_id) IN (${devices})`;
  if (selector.names.length === 0) return byDevice;
  const names = pairs(
    selector.names,
    (name) => name.appId,
    (name) => name.itemName,
  );
  return sql`((${byDevice}) OR (n.app_id, n.item_name) IN (${names}))`;
}

/**
 * node_items for the device pipeline's hot path (see ItemStateStore): the statements the ingest measured and tuned.
 * Lookups take their keys as arrays, planned with their real length; writes carry their rows as one json parameter.
 */
export function itemStateStore(): ItemStateStore {
  return {
    lock(tx, selector, extra) {
      const extraColumn = extra ? extra(sql.raw('n.uuid')) : sql`NULL`;
      return queryRows<ItemStateRow>(
        tx,
        sql`SELECT ${STATE_COLUMNS}, ${extraColumn} AS extra FROM node_items n WHERE ${where(selector)} ORDER BY n.uuid FOR UPDATE`,
      );
    },

    inputs(tx, uuids) {
      return queryRows(
        tx,
        sql`SELECT uuid, (updated_at::text || ':' || pg_column_size(input)::text) AS "inputHash", input FROM node_items
            WHERE uuid IN (${uuidList(uuids)})`,
      );
    },

    children(tx, parents) {
      return queryRows(
        tx,
        sql`SELECT uuid, parent_uuid AS "parentUuid", output_simple AS "outputSimple", enable FROM node_items
            WHERE parent_uuid IN (${uuidList(parents)})`,
      );
    },

    async write(tx: SqlExecutor, items: readonly ItemStateWrite[], alongside: readonly SQL[] = []) {
      const parts = chunks(
        items.map((item) => ({
          u: item.uuid,
          o: item.outputSimple,
          s: item.status,
          r: item.runtime,
          lr: item.received,
          lv: item.valid,
          b: item.basis,
        })),
      );
      for (let i = 0; i < Math.max(parts.length, alongside.length); i++) {
        const rider = alongside[i];
        const part = parts[i];
        if (!part) {
          if (rider) await tx.execute(rider);
          continue;
        }
        // Only forward in time: a row whose last uplink is newer than the state written (computed by another writer
        // from an older row) keeps its state, and the dates never go back. The millisecond of slack covers the
        // microseconds a date loses on its way through JavaScript.
        const update = sql`
          UPDATE node_items AS n SET
            output_simple = x.o, status = x.s, runtime = x.r,
            connection = CASE WHEN x.lr IS NULL THEN n.connection ELSE true END,
            last_receive_date = GREATEST(n.last_receive_date, x.lr),
            last_valid_date = GREATEST(n.last_valid_date, x.lv)
          FROM json_to_recordset(${jsonParam(part)})
            AS x(u uuid, o jsonb, s jsonb, r jsonb, lr timestamptz, lv timestamptz, b timestamptz)
          WHERE n.uuid = x.u
            AND (n.last_receive_date IS NULL OR n.last_receive_date < COALESCE(x.lr, x.b) + interval '1 millisecond')`;
        // The rider writes other tables, so its order within the statement does not matter.
        await tx.execute(rider ? sql`WITH alongside AS (${rider}) ${update}` : update);
      }
    },

    async learnApplications(tx, learnt) {
      if (learnt.length === 0) return;
      // Only an item still without an application learns one (another batch may have taught it in between).
      await tx.execute(sql`
        UPDATE node_items AS n SET
          device_application = lower(split_part(btrim(x.a), '@', 1)),
          data_source = n.data_source || jsonb_build_object('application', x.a, 'applicationLearnt', true)
        FROM json_to_recordset(${jsonParam(learnt.map(({ uuid, application }) => ({ u: uuid, a: application })))}) AS x(u uuid, a text)
        WHERE n.uuid = x.u AND n.device_application IS NULL`);
    },

    expireConnections(tx) {
      return queryRows<ExpiredItem>(
        tx,
        sql`UPDATE node_items SET connection = false
            WHERE connection
              AND data_source->>'connectionTimeoutSec' ~ '^[0-9]+(\\.[0-9]+)?$'
              AND (data_source->>'connectionTimeoutSec')::float8 > 0
              AND (last_receive_date IS NULL
                OR last_receive_date < now() - make_interval(secs => (data_source->>'connectionTimeoutSec')::float8))
            RETURNING uuid, app_id AS "appId", output_simple AS "outputSimple", status,
              last_receive_date AS "lastReceiveDate", last_valid_date AS "lastValidDate"`,
      );
    },
  };
}

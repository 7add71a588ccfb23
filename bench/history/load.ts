import type { DatabaseConnection } from '../../host/server/db/connection';
import { runMigrations } from '../../host/server/db/migrate';
import { migrations } from '../../plugins/device-pipeline/server/migrations';
import {
  DAY_MS,
  DAYS_AHEAD,
  dayStart,
  ensurePartitions,
  FIELD_HISTORY,
  RAW_DATA,
} from '../../plugins/device-pipeline/server/retention/partitions';

/** The benchmark's data: applications of devices sending one uplink with three fields every `slot` seconds. */
export interface BenchShape {
  rawRows: number;
  days: number;
  applications: number;
  devicesPerApplication: number;
}

export const FIELDS = ['temperature', 'humidity', 'battery'] as const;
const ROWS_PER_STATEMENT = 1_000_000;

export const devices = (shape: BenchShape) => shape.applications * shape.devicesPerApplication;
/** Seconds between two uplinks of a device. */
export const slotSeconds = (shape: BenchShape) => (shape.days * 86_400) / (shape.rawRows / devices(shape));
export const applicationOf = (shape: BenchShape, device: number) =>
  `bench_app_${Math.floor(device / shape.devicesPerApplication)}`;

/** SQL of the time of uplink `n`: its slot, a quarter second per device apart. */
function uplinkTime(shape: BenchShape, start: Date, n: string): string {
  const count = devices(shape);
  return `'${start.toISOString()}'::timestamptz + make_interval(secs => (${n} / ${count}) * ${slotSeconds(shape)} + (${n} % ${count}) * 0.25)`;
}

/**
 * SQL of the n-th uplink (n from generate_series): device n % devices, at `start` plus its slot (a quarter second per
 * device apart), a ChirpStack v4 uplink as raw and its device data with the radio keys as payload.
 */
function rawRow(shape: BenchShape, start: Date): string {
  const count = devices(shape);
  const at = uplinkTime(shape, start, 'n');
  return `
    'bench_app_' || ((n % ${count}) / ${shape.devicesPerApplication}), md5('item-' || (n % ${count}))::uuid,
    'meter-' || (n % ${count}), 'chirpstack', md5(n::text)::uuid::text, ${at}, ${at},
    json_build_object('deduplicationId', md5(n::text)::uuid, 'time', ${at},
      'deviceInfo', json_build_object('devEui', lpad(to_hex(n % ${count}), 16, '0'), 'deviceName', 'meter-' || (n % ${count})),
      'fCnt', n / ${count}, 'fPort', 2, 'data', 'AWcBBAJoMQ==',
      'object', json_build_object('temperature', 20 + (n % 100) / 10.0, 'humidity', 40 + n % 30, 'battery', 3.6),
      'rxInfo', json_build_array(json_build_object('gatewayId', 'gw-' || (n % 10), 'rssi', -70 - n % 40, 'snr', 7.5))),
    json_build_object('deviceData', json_build_object('temperature', 20 + (n % 100) / 10.0, 'humidity', 40 + n % 30,
      'battery', 3.6, 'rssi', -70 - n % 40, 'snr', 7.5))`;
}

/** SQL of the n-th history point: the uplink n / 3's field n % 3. */
function historyRow(shape: BenchShape, start: Date): string {
  const count = devices(shape);
  const r = '(n / 3)';
  return `md5('item-' || (${r} % ${count}))::uuid, (ARRAY['${FIELDS.join("','")}'])[(n % 3) + 1], ${uplinkTime(shape, start, r)},
    CASE n % 3 WHEN 0 THEN 20 + (${r} % 100) / 10.0 WHEN 1 THEN 40 + ${r} % 30 ELSE 3.6 END`;
}

async function inChunks(total: number, statement: (from: number, to: number) => Promise<unknown>, label: string) {
  for (let from = 0; from < total; from += ROWS_PER_STATEMENT) {
    await statement(from, Math.min(total, from + ROWS_PER_STATEMENT) - 1);
    process.stdout.write(`\r  ${label}: ${Math.min(total, from + ROWS_PER_STATEMENT).toLocaleString('en')} rows`);
  }
  process.stdout.write('\n');
}

/** The benchmark database: its connection (migrations, partitions) and a way to run SQL outside a transaction (VACUUM). */
export interface BenchDatabase {
  connection: DatabaseConnection;
  run(sql: string): Promise<unknown>;
}

/**
 * The schema before partitioning (the pipeline's steps up to 005), its indexes built after the rows went in (faster
 * than keeping them while inserting; the result is the same), with the same names, so migration 006 can upgrade it.
 */
export async function loadUnpartitioned(database: BenchDatabase, shape: BenchShape, start: Date): Promise<void> {
  await runMigrations(database.connection, [
    { pluginId: 'device-pipeline', migrations: migrations.filter((step) => step.id < '006') },
  ]);
  await database.run(
    `ALTER TABLE raw_data DROP CONSTRAINT raw_data_dedup, DROP CONSTRAINT raw_data_pkey;
     DROP INDEX raw_data_app_created, raw_data_item_created, field_history_item_field_at;`,
  );
  await loadRows(database, shape, start, false);
  await database.run(
    `SET maintenance_work_mem = '1GB';
     ALTER TABLE raw_data ADD CONSTRAINT raw_data_pkey PRIMARY KEY (id), ADD CONSTRAINT raw_data_dedup UNIQUE (source, dedup_key);
     CREATE INDEX raw_data_app_created ON raw_data (app_id, created_at);
     CREATE INDEX raw_data_item_created ON raw_data (item_uuid, created_at);
     CREATE INDEX field_history_item_field_at ON field_history (item_uuid, field, at);`,
  );
  // As autovacuum leaves a table that stopped growing: statistics and the visibility map (index-only scans).
  await database.run('VACUUM ANALYZE');
}

/**
 * Today's schema after `days` of running: every step, the (empty) former tables dropped as the retention job drops an
 * expired partition, one partition a day from the first loaded day to a week ahead; indexes and the dedup keys'
 * primary key built after the rows went in.
 */
export async function loadPartitioned(database: BenchDatabase, shape: BenchShape, start: Date): Promise<void> {
  const { connection } = database;
  await runMigrations(connection, [{ pluginId: 'device-pipeline', migrations }]);
  await database.run('DROP TABLE device_pipeline_raw_data_legacy, device_pipeline_field_history_legacy');
  const today = dayStart(new Date());
  for (let day = dayStart(start); day.getTime() <= today.getTime(); day = new Date(day.getTime() + (DAYS_AHEAD + 1) * DAY_MS)) {
    await ensurePartitions(connection.db, RAW_DATA, day);
    await ensurePartitions(connection.db, FIELD_HISTORY, day);
  }
  await database.run(
    `ALTER TABLE device_pipeline_raw_keys DROP CONSTRAINT device_pipeline_raw_keys_pkey;
     DROP INDEX raw_data_app_created_name, field_history_item_field_at_values, device_pipeline_raw_keys_created;`,
  );
  await loadRows(database, shape, start, true);
  await database.run(
    `SET maintenance_work_mem = '1GB';
     ALTER TABLE device_pipeline_raw_keys ADD CONSTRAINT device_pipeline_raw_keys_pkey PRIMARY KEY (source, dedup_key);
     CREATE INDEX device_pipeline_raw_keys_created ON device_pipeline_raw_keys USING brin (created_at);
     CREATE INDEX raw_data_app_created_name ON raw_data (app_id, created_at, item_name);
     CREATE INDEX field_history_item_field_at_values ON field_history (item_uuid, field, at) INCLUDE (value, text_value);`,
  );
  // As autovacuum leaves a table that stopped growing: statistics and the visibility map (index-only scans).
  await database.run('VACUUM ANALYZE');
}

async function loadRows(database: BenchDatabase, shape: BenchShape, start: Date, keys: boolean): Promise<void> {
  const series = (from: number, to: number) => `FROM generate_series(${from}::bigint, ${to}::bigint) AS n`;
  await inChunks(
    shape.rawRows,
    (from, to) =>
      database.run(
        `INSERT INTO raw_data (app_id, item_uuid, item_name, source, dedup_key, created_at, received_at, raw, payload)
         SELECT ${rawRow(shape, start)} ${series(from, to)}`,
      ),
    'raw rows',
  );
  if (keys) {
    await inChunks(
      shape.rawRows,
      (from, to) =>
        database.run(
          `INSERT INTO device_pipeline_raw_keys (source, dedup_key, created_at)
           SELECT 'chirpstack', md5(n::text)::uuid::text, ${uplinkTime(shape, start, 'n')} ${series(from, to)}`,
        ),
      'dedup keys',
    );
  }
  await inChunks(
    shape.rawRows * FIELDS.length,
    (from, to) =>
      database.run(
        `INSERT INTO field_history (item_uuid, field, at, value) SELECT ${historyRow(shape, start)} ${series(from, to)}`,
      ),
    'history points',
  );
}

/**
 * History at scale (issue 16 point 4): raw data and field history at 10 million raw rows and 30 million history points,
 * in two PostgreSQL databases of the same run, one with today's schema (partitioned by day) and one with the schema
 * before it (unpartitioned), loaded with the same rows by SQL (generate_series; not through the ingest). Per database:
 *   - page queries by item and time as the console asks them (the real query functions: raw data page in real-time and
 *     history, of an application and of one device, and the Chart tab's raw values and hourly averages), p50 and p95
 *     over --samples runs each with random devices and periods, the same ones for both databases;
 *   - bytes per stored data point: the tables with their indexes (and the dedup keys) over their rows;
 *   - the raw data Excel export of 10,000 and 100,000 rows: peak RSS and growth of a fresh process (also with a full
 *     garbage collection every 250 ms: what the export really holds).
 * The measurements run --runs times (default 3) and the medians are printed; the load once. With --upgrade, migration
 * 006 then runs on the unpartitioned database and its time is printed (the real upgrade of such a database). The
 * databases are dropped at the end unless --keep; --reuse measures databases a --keep run left.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:history -- [--raw 10000000] [--days 30]
 *     [--applications 10] [--devices 100] [--samples 200] [--runs 3] [--upgrade] [--keep] [--reuse]
 */
import 'reflect-metadata';
import { execFile } from 'node:child_process';
import { parseArgs, promisify } from 'node:util';
import pg from 'pg';
import { openDatabase, type DatabaseConnection } from '../host/server/db/connection';
import { runMigrations } from '../host/server/db/migrate';
import { migrations } from '../plugins/device-pipeline/server/migrations';
import { measureExport, type ExportFigures } from './history/export-memory';
import { devices, FIELDS, loadPartitioned, loadUnpartitioned, type BenchDatabase, type BenchShape } from './history/load';
import { pageQueries, time, type Timing } from './history/queries';
import { median } from './support/bench-application';

const { values: args, positionals } = parseArgs({
  options: {
    raw: { type: 'string', default: '10000000' },
    days: { type: 'string', default: '30' },
    applications: { type: 'string', default: '10' },
    devices: { type: 'string', default: '100' },
    samples: { type: 'string', default: '200' },
    runs: { type: 'string', default: '3' },
    upgrade: { type: 'boolean', default: false },
    keep: { type: 'boolean', default: false },
    reuse: { type: 'boolean', default: false },
    'export-child': { type: 'string' },
    collect: { type: 'boolean', default: false },
  },
  allowPositionals: true,
});

const shape: BenchShape = {
  rawRows: Number(args.raw),
  days: Number(args.days),
  applications: Number(args.applications),
  devicesPerApplication: Number(args.devices),
};
const KINDS = ['unpartitioned', 'partitioned'] as const;
type Kind = (typeof KINDS)[number];
const EXPORT_SIZES = [10_000, 100_000];

function databaseUrl(kind: Kind): string {
  const url = new URL(process.env.DATABASE_URL!);
  url.pathname = `/sensorium_bench_history_${kind}`;
  return url.href;
}

async function admin(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** The loaded period: it ends a minute ago (the real-time query reads its last day). Kept in the database for --reuse. */
async function period(connection: DatabaseConnection): Promise<{ start: Date; end: Date }> {
  const [row] = await connection.transaction((execute) =>
    execute('SELECT min(created_at)::text AS start, max(created_at)::text AS end FROM raw_data'),
  );
  return { start: new Date(String(row!.start)), end: new Date(String(row!.end)) };
}

async function open(kind: Kind): Promise<BenchDatabase & { close(): Promise<void> }> {
  const connection = await openDatabase({ databaseUrl: databaseUrl(kind), dataDir: '' }, (error) => console.error(error));
  const pool = new pg.Pool({ connectionString: databaseUrl(kind), max: 1 });
  return {
    connection,
    run: (statement) => pool.query(statement),
    close: async () => {
      await pool.end();
      await connection.close();
    },
  };
}

/** Table and index bytes over rows: raw rows (with the dedup keys where they have a table of their own) and history points. */
async function bytesPerPoint(
  database: BenchDatabase,
): Promise<{ raw: number; history: number; rawRows: number; points: number }> {
  const size = async (table: string) => {
    // pg_partition_tree lists a partitioned table's partitions, and nothing for a plain table.
    const result = (await database.run(
      `SELECT greatest(pg_total_relation_size('${table}'),
                       (SELECT coalesce(sum(pg_total_relation_size(relid)), 0) FROM pg_partition_tree('${table}')))::float8 AS bytes`,
    )) as pg.QueryResult<{ bytes: number }>;
    return result.rows[0]!.bytes;
  };
  const count = async (table: string) =>
    Number(((await database.run(`SELECT count(*)::bigint AS n FROM ${table}`)) as pg.QueryResult<{ n: string }>).rows[0]!.n);
  const keys = (await database.run(`SELECT to_regclass('device_pipeline_raw_keys') IS NOT NULL AS present`)) as pg.QueryResult<{
    present: boolean;
  }>;
  const rawRows = await count('raw_data');
  const points = await count('field_history');
  const rawBytes = (await size('raw_data')) + (keys.rows[0]!.present ? await size('device_pipeline_raw_keys') : 0);
  return { raw: rawBytes / rawRows, history: (await size('field_history')) / points, rawRows, points };
}

async function exportChild(kind: Kind, rows: number, collect: boolean): Promise<ExportFigures> {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    [
      ...['--expose-gc', '--import', 'tsx', import.meta.filename, '--export-child', kind, String(rows)],
      ...['--raw', args.raw, '--days', args.days, '--applications', args.applications, '--devices', args.devices],
      ...(collect ? ['--collect'] : []),
    ],
    { maxBuffer: 1 << 20, env: { ...process.env, LOG_LEVEL: 'error' } },
  );
  return JSON.parse(stdout.trim().split('\n').at(-1)!) as ExportFigures;
}

interface RunFigures {
  queries: Record<Kind, Timing[]>;
  exports: Record<Kind, ExportFigures[]>;
}

async function measure(databases: Record<Kind, BenchDatabase>, start: Date, end: Date, run: number): Promise<RunFigures> {
  const queries = pageQueries(shape, start, end);
  const figures: RunFigures = {
    queries: { unpartitioned: [], partitioned: [] },
    exports: { unpartitioned: [], partitioned: [] },
  };
  for (const [index, query] of queries.entries()) {
    for (const kind of KINDS) {
      figures.queries[kind].push(await time(databases[kind].connection.db, query, 1000 * run + index, Number(args.samples)));
    }
  }
  for (const kind of KINDS) {
    for (const rows of EXPORT_SIZES) {
      for (const collect of [false, true]) figures.exports[kind].push(await exportChild(kind, rows, collect));
    }
  }
  return figures;
}

const ms = (value: number) => `${value.toFixed(1)} ms`;
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

function report(
  runs: RunFigures[],
  bytes: Record<Kind, Awaited<ReturnType<typeof bytesPerPoint>>>,
  start: Date,
  end: Date,
): void {
  const queries = pageQueries(shape, start, end);
  const pick = (kind: Kind, index: number, key: keyof Timing) => median(runs.map((run) => run.queries[kind][index]![key]));
  console.log(`\nPage queries, medians of ${runs.length} runs of ${args.samples} samples each (p95 target ≤ 50 ms):`);
  console.log(`  ${'query'.padEnd(88)} ${'unpartitioned p50 / p95'.padStart(26)} ${'partitioned p50 / p95'.padStart(24)}`);
  for (const [index, query] of queries.entries()) {
    const cell = (kind: Kind) => `${ms(pick(kind, index, 'p50'))} / ${ms(pick(kind, index, 'p95'))}`;
    console.log(`  ${query.name.padEnd(88)} ${cell('unpartitioned').padStart(26)} ${cell('partitioned').padStart(24)}`);
  }
  console.log('\nBytes per stored data point (tables and indexes; raw rows with their dedup keys):');
  for (const kind of KINDS) {
    const b = bytes[kind];
    console.log(
      `  ${kind.padEnd(14)} raw row ${b.raw.toFixed(0)} B (${b.rawRows.toLocaleString('en')} rows), history point ${b.history.toFixed(0)} B (${b.points.toLocaleString('en')} points)`,
    );
  }
  console.log(`\nRaw data Excel export, a fresh process each, medians of ${runs.length} (target: flat memory):`);
  for (const kind of KINDS) {
    for (const rows of EXPORT_SIZES) {
      const of = (collected: boolean) =>
        runs.flatMap((run) => run.exports[kind].filter((figure) => figure.asked === rows && figure.collected === collected));
      const natural = of(false);
      const collected = of(true);
      const m = (list: ExportFigures[], value: (figure: ExportFigures) => number) => median(list.map(value));
      console.log(
        `  ${kind.padEnd(14)} ${rows.toLocaleString('en').padStart(7)} rows: peak RSS ${mb(m(natural, (f) => f.peak))} (growth ${mb(m(natural, (f) => f.peak - f.before))}); ` +
          `with a GC every 250 ms: growth ${mb(m(collected, (f) => f.peak - f.before))}; ${m(natural, (f) => f.rows).toLocaleString('en')} rows ` +
          `written in ${m(natural, (f) => f.seconds).toFixed(1)} s, file ${mb(m(natural, (f) => f.bytes))}`,
      );
    }
  }
}

async function main(): Promise<void> {
  if (!process.env.DATABASE_URL) throw new Error('bench:history needs DATABASE_URL (PostgreSQL)');
  const total = shape.rawRows.toLocaleString('en');
  console.log(
    `History at scale: ${total} raw rows and ${(shape.rawRows * FIELDS.length).toLocaleString('en')} history points over ${shape.days} days ` +
      `(${shape.applications} applications × ${shape.devicesPerApplication} devices, an uplink with ${FIELDS.length} fields every ` +
      `${((shape.days * 86_400 * devices(shape)) / shape.rawRows).toFixed(0)} s per device)`,
  );
  const end = new Date(Date.now() - 60_000);
  const start = new Date(end.getTime() - shape.days * 86_400_000);
  const databases = {} as Record<Kind, BenchDatabase & { close(): Promise<void> }>;
  for (const kind of KINDS) {
    if (!args.reuse) {
      await admin(`DROP DATABASE IF EXISTS sensorium_bench_history_${kind} WITH (FORCE)`);
      await admin(`CREATE DATABASE sensorium_bench_history_${kind}`);
    }
    databases[kind] = await open(kind);
    if (!args.reuse) {
      const started = performance.now();
      console.log(`Loading the ${kind} database…`);
      await (kind === 'partitioned' ? loadPartitioned : loadUnpartitioned)(databases[kind], shape, start);
      console.log(`  loaded in ${((performance.now() - started) / 1000).toFixed(0)} s`);
    }
  }
  const loaded = await period(databases.partitioned.connection);
  const bytes = {
    unpartitioned: await bytesPerPoint(databases.unpartitioned),
    partitioned: await bytesPerPoint(databases.partitioned),
  };
  const runs: RunFigures[] = [];
  for (let run = 0; run < Number(args.runs); run++) {
    console.log(`Measuring, run ${run + 1} of ${args.runs}…`);
    runs.push(await measure(databases, loaded.start, loaded.end, run));
  }
  // --runs 0 only loads (with --keep, for --reuse runs later).
  if (runs.length > 0) report(runs, bytes, loaded.start, loaded.end);
  if (args.upgrade) {
    const started = performance.now();
    await runMigrations(databases.unpartitioned.connection, [{ pluginId: 'device-pipeline', migrations }]);
    console.log(
      `\nUpgrade: migration 006 partitioned the unpartitioned database (${total} raw rows, ${(shape.rawRows * FIELDS.length).toLocaleString('en')} history points) in ${((performance.now() - started) / 1000).toFixed(0)} s`,
    );
  }
  for (const kind of KINDS) await databases[kind].close();
  if (!args.keep) for (const kind of KINDS) await admin(`DROP DATABASE IF EXISTS sensorium_bench_history_${kind} WITH (FORCE)`);
}

if (args['export-child']) {
  const kind = args['export-child'] as Kind;
  const database = await open(kind);
  const loaded = await period(database.connection);
  const rowsPerDay = shape.rawRows / shape.days / shape.applications;
  const rows = Number(positionals[0]);
  const figures = await measureExport(database.connection.db, 'bench_app_0', rows, rowsPerDay, loaded.end, args.collect);
  await database.close();
  process.stdout.write(`${JSON.stringify(figures)}\n`);
  process.exit(0);
} else {
  await main();
}

/**
 * Memory of the raw data Excel export (issue 14): for 10,000 and 100,000 raw data rows, a fresh server process stores
 * the rows, then POST /raw-data-history/search/excel streams data_history.xlsx to a client that reads it as it comes.
 * While the export runs the server process's RSS is sampled every 10 ms; each size runs 3 times (BENCH_RUNS), each in a
 * process of its own, and the medians are printed:
 *   - the RSS before the export, the peak RSS during it and the growth (peak minus before),
 *   - the same peak and growth when a full garbage collection runs every 250 ms during the export: what the export
 *     really holds, without the garbage V8 lets pile up before collecting (the first figure depends on V8's heuristics),
 *   - the export's time and file size.
 * The database is PostgreSQL when DATABASE_URL is set (its memory is then outside the measured process), else PGlite
 * in-process. Figures only, no assertions. Run `npm run bench:excel`.
 */
import 'reflect-metadata';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import { DatabaseToken, type Database } from '@sensorium/core/server';
import { startTestServer } from '../host/server/testing';
import applications from '../plugins/applications/server';
import devicePipeline from '../plugins/device-pipeline/server';
import nodes from '../plugins/nodes/server';
import rawData from '../plugins/raw-data/server';
import type { ExportFigures } from './history/export-memory';
import { median } from './support/bench-application';
import { sampleRss } from './support/rss-sampler';

const SIZES = [10_000, 100_000];
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const APP = 'bench_excel';

/** A run's figures: those of bench:history's export, without the rows asked for (the route exports them all). */
type RunResult = Omit<ExportFigures, 'asked'>;

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

/** One run in this process: store `count` rows, export them, answer the figures as JSON on stdout. */
async function child(count: number, collect: boolean): Promise<void> {
  const backend = process.env.DATABASE_URL ? 'postgres' : 'pglite';
  const server = await startTestServer({ backend, plugins: [applications, nodes, devicePipeline, rawData] });
  try {
    const token = (await server.login()).access_token;
    const created = await server.request('POST', '/api/application/new/', {
      token,
      body: { id: APP, name: 'Bench Excel', endCustomerId: 'end_default' },
    });
    if (created.status !== 201) throw new Error(`Creating the application failed: ${created.status}`);
    const db: Database = server.running.resolve(DatabaseToken);
    // Rows shaped like a LoRaWAN uplink: the raw JSON and the processed device data with radio keys.
    for (let from = 1; from <= count; from += 20_000) {
      const to = Math.min(count, from + 19_999);
      await db.execute(sql`
        INSERT INTO raw_data (app_id, item_name, source, dedup_key, created_at, raw, payload)
        SELECT ${APP}, 'meter-' || (n % 50), 'chirpstack', 'bench-' || n, now() - make_interval(secs => n),
          json_build_object('deduplicationId', md5(n::text), 'fCnt', n, 'devEui', 'a84041000000' || lpad((n % 50)::text, 4, '0'),
            'object', json_build_object('temperature', 20 + n % 10, 'humidity', 40 + n % 30, 'battery', 3.6)),
          json_build_object('deviceData', json_build_object('temperature', 20 + n % 10, 'humidity', 40 + n % 30,
            'rssi', -70 - n % 40, 'snr', 7.5, 'dr', 5, 'gatewayid', 'gw-0001'))
        FROM generate_series(${from}::int, ${to}::int) AS n
      `);
    }
    const rss = sampleRss(collect);
    const started = performance.now();
    const response = await fetch(`${server.url}/api/raw-data-history/search/excel`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        appId: APP,
        viewMode: 'history',
        startTime: new Date(Date.now() - (count + 3600) * 1000).toISOString(),
        endTime: new Date(Date.now() + 60_000).toISOString(),
      }),
    });
    if (response.status !== 200 || !response.body) throw new Error(`Export failed: ${response.status}`);
    let bytes = 0;
    for await (const chunk of response.body) bytes += (chunk as Uint8Array).byteLength;
    const seconds = (performance.now() - started) / 1000;
    const { before, peak } = rss.stop();
    const rows = Number(response.headers.get('x-export-rows'));
    process.stdout.write(`${JSON.stringify({ rows, collected: collect, before, peak, seconds, bytes } satisfies RunResult)}\n`);
  } finally {
    await server.close();
  }
}

async function main(): Promise<void> {
  const run = promisify(execFile);
  console.log(
    `Raw data Excel export, ${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}; medians of ${RUNS} runs, each in a fresh process`,
  );
  for (const size of SIZES) {
    const results: RunResult[] = [];
    for (const collect of [false, true]) {
      for (let index = 0; index < RUNS; index++) {
        const args = ['--expose-gc', '--import', 'tsx', import.meta.filename, '--child', String(size)];
        const { stdout } = await run(process.execPath, collect ? [...args, '--collect'] : args, {
          maxBuffer: 1 << 20,
          env: { ...process.env, LOG_LEVEL: 'error' },
        });
        results.push(JSON.parse(stdout.trim().split('\n').at(-1)!) as RunResult);
      }
    }
    const of = (collected: boolean) => results.filter((result) => result.collected === collected);
    const pick = (list: RunResult[], value: (result: RunResult) => number) => median(list.map(value));
    const natural = of(false);
    const collected = of(true);
    console.log(
      `${size.toLocaleString('en')} rows: peak RSS ${mb(pick(natural, (r) => r.peak))} ` +
        `(before the export ${mb(pick(natural, (r) => r.before))}, growth ${mb(pick(natural, (r) => r.peak - r.before))}); ` +
        `with a GC every 250 ms: peak RSS ${mb(pick(collected, (r) => r.peak))}, growth ${mb(pick(collected, (r) => r.peak - r.before))}; ` +
        `${pick(natural, (r) => r.seconds).toFixed(1)} s, file ${mb(pick(natural, (r) => r.bytes))}, ` +
        `rows in file ${pick(natural, (r) => r.rows)}`,
    );
  }
}

const at = process.argv.indexOf('--child');
if (at >= 0) {
  await child(Number(process.argv[at + 1]), process.argv.includes('--collect'));
  process.exit(0);
} else {
  await main();
}

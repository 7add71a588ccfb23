/**
 * Audit enquiry benchmark (issue 14): the real server in this process (applications and audit plugins) on PostgreSQL
 * (DATABASE_URL, a scratch database dropped afterwards) and on PGlite, with `--rows` audit records (default 1,000,000)
 * written by one generate_series statement per 200,000 rows, spread evenly over the last `--days` days (default 90,
 * inside the archive age so the archive job moves nothing), of the four types, a third of them of one si-customer
 * organisation. It then times `--queries` POST /api/audithistory/enquiry calls (default 50) over HTTP, each a random
 * window of the Audit History page (a page of 10 at a random offset up to 100, type all or one, the total counted):
 *   - day: a 24-hour window, as the administrator (the page's default range);
 *   - month: a 30-day window, as the administrator;
 *   - org-day: a 24-hour window, as the si-customer (its organisation's records only).
 * Figures only, no assertions: it prints p50, p95 and the worst time per kind.
 *
 *   npm run bench:audit -- [--db postgres|pglite|both] [--rows 1000000] [--days 90] [--queries 50]
 */
import 'reflect-metadata';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { DatabaseToken } from '@sensorium/core/server';
import { startTestServer, type TestServer } from '../host/server/testing';
import applications from '../plugins/applications/server';
import audit from '../plugins/audit/server';
import { wallClock } from '../plugins/audit/common';

process.env.DATABASE_URL ??= 'postgres://postgres@127.0.0.1:5432/postgres';

const { values } = parseArgs({
  options: {
    db: { type: 'string', default: 'both' },
    rows: { type: 'string', default: '1000000' },
    days: { type: 'string', default: '90' },
    queries: { type: 'string', default: '50' },
  },
});
const ROWS = Number(values.rows);
const DAYS = Number(values.days);
const QUERIES = Number(values.queries);
const BATCH = 200_000;
const ORGANISATION = 'org_bench';
const backends = values.db === 'both' ? (['postgres', 'pglite'] as const) : [values.db as 'postgres' | 'pglite'];
/** The report offset the server reads the enquiry's dates and times at (the default). */
const OFFSET_MINUTES = 8 * 60;

async function insertRecords(server: TestServer): Promise<number> {
  const db = server.running.container.resolve(DatabaseToken);
  const spacingMs = (DAYS * 86_400_000) / ROWS;
  const started = performance.now();
  for (let first = 1; first <= ROWS; first += BATCH) {
    const last = Math.min(ROWS, first + BATCH - 1);
    await db.execute(sql`
      INSERT INTO audit_records
        (at, user_id, username, action, target, target_name, plugin_id, address, outcome, detail, type, organisation_id)
      SELECT now() - make_interval(secs => g * ${spacingMs / 1000}::float8),
             NULL,
             'user_' || (g % 50),
             (ARRAY['PATCH /application/:id', 'users.update', 'nodes.item.update', 'auth.login'])[1 + g % 4],
             'app_' || (g % 200),
             'Application ' || (g % 200),
             'bench',
             '10.0.' || (g % 250) || '.1',
             CASE WHEN g % 20 = 0 THEN 'failure' ELSE 'success' END,
             jsonb_build_object('changes', jsonb_build_array(jsonb_build_object('field', 'name', 'old', 'Pump ' || g, 'new', 'Pump ' || (g + 1)))),
             (ARRAY['system', 'device', 'equipment', 'useraction'])[1 + (g / 7) % 4],
             CASE WHEN g % 3 = 0 THEN ${ORGANISATION} END
      FROM generate_series(${first}::int, ${last}::int) AS g`);
  }
  await db.execute(sql`ANALYZE audit_records`);
  return (performance.now() - started) / 1000;
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

async function timeEnquiries(server: TestServer, token: string, windowMs: number) {
  const times: number[] = [];
  let matched = 0;
  const types = ['all', 'device', 'useraction', 'all', 'system'];
  for (let query = 0; query < QUERIES + 3; query++) {
    const due = Date.now() - Math.random() * (DAYS * 86_400_000 - windowMs);
    const start = wallClock(due - windowMs, OFFSET_MINUTES);
    const end = wallClock(due, OFFSET_MINUTES);
    const body = {
      startDate: start.date,
      startTime: start.time,
      dueDate: end.date,
      dueTime: end.time,
      type: types[query % types.length],
      archive: 'no',
      offset: Math.floor(Math.random() * 10) * 10,
      limit: 10,
    };
    const began = performance.now();
    const answer = await server.request('POST', '/api/audithistory/enquiry', { token, body });
    const elapsed = performance.now() - began;
    if (answer.status !== 200) throw new Error(`enquiry answered ${answer.status}: ${JSON.stringify(answer.body)}`);
    // The first three warm the caches up.
    if (query >= 3) {
      times.push(elapsed);
      matched += Number(answer.headers['x-total-count']);
    }
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p95: percentile(times, 95), max: times.at(-1)!, matched: Math.round(matched / QUERIES) };
}

for (const backend of backends) {
  console.log(
    `\n== ${backend === 'postgres' ? 'PostgreSQL (scratch database)' : 'PGlite'}: ${ROWS.toLocaleString('en')} audit records over ${DAYS} days`,
  );
  const server = await startTestServer({ backend, plugins: [applications, audit] });
  try {
    const insertS = await insertRecords(server);
    console.log(`inserted in ${insertS.toFixed(1)} s`);
    const admin = (await server.login()).access_token;
    const integrator = await server.loginAs({ username: 'bench_integrator', level: 'si-customer', organisationId: ORGANISATION });
    const kinds = [
      ['day', admin, 86_400_000],
      ['month', admin, 30 * 86_400_000],
      ['org-day', integrator, 86_400_000],
    ] as const;
    for (const [kind, token, windowMs] of kinds) {
      const { p50, p95, max, matched } = await timeEnquiries(server, token, windowMs);
      console.log(
        `${kind.padEnd(8)} ${QUERIES} enquiries: p50 ${p50.toFixed(1)} ms, p95 ${p95.toFixed(1)} ms, max ${max.toFixed(1)} ms ` +
          `(about ${matched.toLocaleString('en')} matching records each)`,
      );
    }
  } finally {
    await server.close();
  }
}

/**
 * API benchmark (issue 16): a test server with every installed plugin, 100 applications of 100 devices each (10,000
 * items, one event each), and autocannon with 100 connections on the main read routes, one after the other:
 *   - the application list (GET /application/), as the administrator who sees all 100,
 *   - an item's detail (GET /node-structure-item/{appId}/items/{uuid}), over 100 items of different applications,
 *   - an application's tree: the API's GET /tree and the console's GET /tree-outline (106 rows each),
 *   - the first page of an application's events (GET /system-events-api/{appId}/events).
 * Requests offer brotli and gzip as a browser does. Prints p50 and p99 latency and requests per second per route, on
 * PGlite and, with DATABASE_URL, on PostgreSQL. Figures only, no assertions (target p99 ≤ 50 ms).
 * `npm run bench:api -- [--duration 10] [--backend pglite|postgres] [--route <part of its name>]` (seconds per route,
 * after a 2-second warm-up; one backend only with --backend, the routes whose name holds the text with --route).
 */
import 'reflect-metadata';
import autocannon, { type AutocannonResult } from 'autocannon';
import { serverPlugins } from '../host/server/plugins';
import { databaseBackends, startTestServer, type DatabaseBackend } from '../host/server/testing';
import { ms } from './support/bench-application';
import { seedApplications, type SeededApplication } from './support/seed-applications';

const CONNECTIONS = 100;
const latency = (value: number) => `${value.toFixed(1)} ms`;
const WARMUP_SECONDS = 2;
const durationAt = process.argv.indexOf('--duration');
const DURATION = durationAt === -1 ? 10 : Number(process.argv[durationAt + 1]);
const backendAt = process.argv.indexOf('--backend');
const ONLY_BACKEND = backendAt === -1 ? null : process.argv[backendAt + 1];
const routeAt = process.argv.indexOf('--route');
const ONLY_ROUTE = routeAt === -1 ? '' : process.argv[routeAt + 1]!;
const APPLICATIONS = 100;
const ITEMS_PER_APPLICATION = 100;
const NODES_PER_APPLICATION = 5;

interface BenchRoute {
  name: string;
  /** Paths the connections cycle through. */
  paths: string[];
}

function routes(applications: SeededApplication[]): BenchRoute[] {
  const nodes = (app: SeededApplication) => `/api/node-structure-item/${app.id}`;
  return [
    { name: 'application list (100 applications)', paths: ['/api/application/'] },
    {
      name: 'item detail',
      paths: applications.map((app, index) => `${nodes(app)}/items/${app.items[index % app.items.length]!}`),
    },
    { name: 'tree, API rows (GET /tree)', paths: applications.map((app) => `${nodes(app)}/tree`) },
    { name: 'tree, console outline (GET /tree-outline)', paths: applications.map((app) => `${nodes(app)}/tree-outline`) },
    {
      name: 'event list, first page',
      paths: applications.map((app) => `/api/system-events-api/${app.id}/events?page=0&size=10`),
    },
  ];
}

async function load(url: string, token: string, route: BenchRoute, duration: number) {
  return autocannon({
    url,
    connections: CONNECTIONS,
    duration,
    // The load comes from a thread of its own, not from the server's event loop.
    workers: 1,
    headers: { authorization: `Bearer ${token}`, 'accept-encoding': 'br, gzip' },
    requests: route.paths.map((path) => ({ method: 'GET', path })),
  });
}

/** Answers per status code, e.g. `200 × 950, 429 × 50`. */
function statusCounts(result: AutocannonResult): string {
  return Object.entries(result.statusCodeStats)
    .map(([status, { count }]) => `${status} × ${count}`)
    .join(', ');
}

async function bench(backend: DatabaseBackend) {
  const server = await startTestServer({ backend, plugins: serverPlugins });
  try {
    const token = (await server.login()).access_token;
    const started = performance.now();
    const applications = await seedApplications(server, token, {
      applications: APPLICATIONS,
      itemsPerApplication: ITEMS_PER_APPLICATION,
      nodesPerApplication: NODES_PER_APPLICATION,
    });
    console.log(
      `\n${backend}: seeded ${APPLICATIONS} applications, ${APPLICATIONS * ITEMS_PER_APPLICATION} items and events in ${ms(performance.now() - started)}`,
    );
    console.log(
      `${'route'.padEnd(46)} ${'p50'.padStart(8)} ${'p99'.padStart(8)} ${'req/s'.padStart(8)} ${'non-2xx'.padStart(8)} ${'timeouts'.padStart(8)} ${'errors'.padStart(8)}`,
    );
    for (const route of routes(applications).filter((route) => route.name.includes(ONLY_ROUTE))) {
      await load(server.url, token, route, WARMUP_SECONDS);
      const result = await load(server.url, token, route, DURATION);
      console.log(
        `${route.name.padEnd(46)} ${latency(result.latency.p50).padStart(8)} ${latency(result.latency.p99).padStart(8)} ${result.requests.average.toFixed(0).padStart(8)} ${String(result.non2xx).padStart(8)} ${String(result.timeouts).padStart(8)} ${String(result.errors).padStart(8)}`,
      );
      // Which answers failed: a 429 is the rate limit doing its job, a 5xx is a defect.
      if (result.non2xx > 0) console.log(`  statuses: ${statusCounts(result)}`);
    }
  } finally {
    await server.close();
  }
}

async function main() {
  console.log(`autocannon, ${CONNECTIONS} connections, ${DURATION} s per route after a ${WARMUP_SECONDS} s warm-up`);
  for (const backend of databaseBackends()) if (!ONLY_BACKEND || backend === ONLY_BACKEND) await bench(backend);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});

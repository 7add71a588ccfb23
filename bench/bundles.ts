/**
 * Console bundle benchmark (issue 16): what JavaScript each route costs a browser with an empty cache. Starts a test
 * server with the built console (every installed plugin, all licences on), opens each route in headless Chromium over
 * loopback, signed in where the route needs it, and prints route by route
 *   - the JavaScript requests and their decoded size (raw KB),
 *   - the bytes on the wire when the browser accepts gzip only (gzip KB) and when it also accepts brotli (brotli KB),
 *   - the build manifest's figures for the same files, and for the routes with a budget (bundle-budget.test.ts) whether
 *     the browser fetched exactly the files the budget counts.
 * Medians of BENCH_RUNS (3) runs per encoding, beside the figures measured before the bundles were split and compressed.
 * Run `npm run build` first, then `npm run bench:bundles` (`-- --client-dir DIR` measures another build).
 */
import 'reflect-metadata';
import { randomUUID } from 'node:crypto';
import { resolve } from 'node:path';
import type { Browser, Page, Response } from 'playwright-core';
import { DatabaseToken } from '@sensorium/core/server';
import { normalizeFieldPreference } from '@sensorium/nodes/common';
import type { DashboardDefinition } from '../plugins/dashboards/common';
import { nodeItems } from '../plugins/nodes/server/schema';
import { serverPlugins } from '../host/server/plugins';
import { startTestServer, type TestServer } from '../host/server/testing';
import {
  DEFAULT_CLIENT_DIR,
  readManifest,
  weigh,
  type BuildManifest,
  type Weight,
} from '../host/client/bundle-budget/bundle-manifest';
import { ROUTE_BUDGETS, budgetFiles } from '../host/client/bundle-budget/route-budgets';
import { launchChromium } from '../tests/support/browser';
import { createBenchApplication, median } from './support/bench-application';

const APP = 'bench_bundles';
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const clientDirArgument = process.argv.indexOf('--client-dir');
const CLIENT_DIR = clientDirArgument > 0 ? resolve(process.argv[clientDirArgument + 1]!) : DEFAULT_CLIENT_DIR;

interface BenchRoute {
  name: string;
  path: string;
  signedIn: boolean;
  /** What shows once the route is usable; the measure also waits for the network to go quiet. */
  ready(page: Page): Promise<void>;
}

const ROUTES: BenchRoute[] = [
  {
    name: 'login',
    path: '/auth/login',
    signedIn: false,
    ready: (page) => page.getByLabel(/username/i).waitFor(),
  },
  {
    name: 'application list',
    path: '/application/application-list',
    signedIn: true,
    ready: (page) => page.getByText('Bench Bundles').first().waitFor(),
  },
  {
    name: 'node management',
    path: `/app/${APP}/node-management`,
    signedIn: true,
    ready: (page) => page.locator('[role="treeitem"]').first().waitFor(),
  },
  {
    name: 'dashboard',
    path: `/app/${APP}/dashboard/main`,
    signedIn: true,
    ready: (page) => page.getByTestId('widget-value').first().waitFor(),
  },
  {
    name: 'adapter editor',
    path: '/adapters/adapter_editor',
    signedIn: true,
    ready: (page) => page.locator('.monaco-editor').first().waitFor(),
  },
];

/**
 * The figures before the bundles were split and compressed (commit 48207ce, medians of 3 runs of this benchmark): the
 * server sent no gzip or brotli, so the raw KB went over the wire; gzip and brotli KB are what the same files weigh
 * compressed (build manifest). The adapter editor's raw KB counts Monaco's files as the page decoded them.
 */
const BEFORE: Record<string, { requests: number; raw: number; gzip: number; brotli: number }> = {
  login: { requests: 56, raw: 1716, gzip: 529, brotli: 442 },
  'application list': { requests: 53, raw: 1711, gzip: 528, brotli: 441 },
  'node management': { requests: 56, raw: 1759, gzip: 541, brotli: 453 },
  dashboard: { requests: 54, raw: 2004, gzip: 618, brotli: 521 },
  'adapter editor': { requests: 57, raw: 12739, gzip: 3069, brotli: 2324 },
};

/** Encodings a browser may accept: Chromium's own header, and one that leaves brotli out. */
const ENCODINGS = { brotli: undefined, gzip: 'gzip, deflate' } as const;
type Encoding = keyof typeof ENCODINGS;

interface Load {
  files: string[];
  raw: number;
  wire: number;
  encodings: Set<string>;
}

const kb = (bytes: number) => (bytes / 1024).toFixed(0);

async function seed(server: TestServer, token: string): Promise<void> {
  const rootUuid = await createBenchApplication(server, token, APP, 'Bench Bundles');
  const temperature = normalizeFieldPreference('temperature', { displayName: 'Temperature', signal: 'analog', unit: '°C' });
  const rows: (typeof nodeItems.$inferInsert)[] = Array.from({ length: 20 }, (_, index) => ({
    uuid: randomUUID(),
    appId: APP,
    itemName: `sensor-${index}`,
    itemType: 'item',
    parentUuid: rootUuid,
    position: index,
    input: { temperature },
    outputSimple: { temperature: 20 + index / 10 },
    geoInfo: { tags: [] },
  }));
  await server.running.container.resolve(DatabaseToken).insert(nodeItems).values(rows);
  const binding = (index: number) => [{ itemUuid: rows[index]!.uuid!, field: 'temperature' }];
  const dashboard: DashboardDefinition = {
    name: 'Bench',
    isMain: true,
    themeId: null,
    widgets: (['value-card', 'gauge', 'time-series', 'item-table'] as const).map((type, index) => ({
      id: `w${index}`,
      type,
      title: type,
      position: { x: index * 3, y: 0, w: 3, h: 3 },
      bindings: binding(index),
      options: type === 'gauge' ? { min: 0, max: 50 } : {},
    })),
  };
  const created = await server.request('POST', `/api/dashboards/${APP}`, { token, body: dashboard });
  if (created.status !== 201) throw new Error(`Creating the dashboard failed: ${JSON.stringify(created.body)}`);
}

/** Opens one route in a fresh browser context (empty cache) and adds up the JavaScript it fetched. */
async function loadRoute(
  browser: Browser,
  server: TestServer,
  route: BenchRoute,
  encoding: Encoding,
  tokens: { access_token: string; refresh_token: string },
): Promise<Load> {
  const accept = ENCODINGS[encoding];
  const context = await browser.newContext({
    viewport: { width: 1280, height: 800 },
    ...(accept ? { extraHTTPHeaders: { 'Accept-Encoding': accept } } : {}),
    storageState: route.signedIn
      ? {
          cookies: [],
          origins: [
            {
              origin: server.url,
              localStorage: [
                { name: 'sensorium.accessToken', value: tokens.access_token },
                { name: 'sensorium.refreshToken', value: tokens.refresh_token },
              ],
            },
          ],
        }
      : undefined,
  });
  const responses: Response[] = [];
  try {
    const page = await context.newPage();
    page.setDefaultTimeout(60_000);
    page.on('response', (response) => {
      if (new URL(response.url()).pathname.endsWith('.js')) responses.push(response);
    });
    await page.goto(new URL(route.path, server.url).href);
    await route.ready(page);
    await page.waitForLoadState('networkidle');
    const load: Load = { files: [], raw: 0, wire: 0, encodings: new Set() };
    for (const response of responses) {
      const [sizes, body, headers] = await Promise.all([response.request().sizes(), response.body(), response.allHeaders()]);
      load.files.push(new URL(response.url()).pathname.replace(/^\//, ''));
      load.raw += body.length;
      load.wire += sizes.responseBodySize;
      load.encodings.add(headers['content-encoding'] ?? 'identity');
    }
    load.files.sort();
    return load;
  } finally {
    await context.close();
  }
}

/** How the browser's files compare with what the route's budget counts from the manifest. */
function budgetCheck(manifest: BuildManifest, route: string, loaded: readonly string[]): string {
  const budget = ROUTE_BUDGETS.find((candidate) => candidate.route === route);
  if (!budget) return '';
  const counted = new Set(budgetFiles(manifest, budget));
  const missing = loaded.filter((file) => !counted.has(file));
  const extra = [...counted].filter((file) => !loaded.includes(file));
  const verdict =
    missing.length === 0 && extra.length === 0
      ? 'the budget counts exactly these files'
      : `the budget misses ${missing.join(', ') || 'nothing'}; counts unfetched ${extra.join(', ') || 'nothing'}`;
  return `budget ${budget.brotliKb} KB brotli: ${verdict}`;
}

function printTable(results: { route: BenchRoute; runs: Record<Encoding, Load[]>; manifest: Weight; check: string }[]) {
  const header = [
    'route',
    'requests',
    'raw KB',
    'gzip KB',
    'brotli KB',
    '| before: requests',
    'raw = wire KB',
    'gzip KB',
    'brotli KB',
  ];
  const rows = results.map(({ route, runs }) => {
    const before = BEFORE[route.name];
    return [
      route.name,
      String(median(runs.brotli.map((load) => load.files.length))),
      kb(median(runs.brotli.map((load) => load.raw))),
      kb(median(runs.gzip.map((load) => load.wire))),
      kb(median(runs.brotli.map((load) => load.wire))),
      ...(before
        ? [String(before.requests), String(before.raw), String(before.gzip), String(before.brotli)]
        : ['–', '–', '–', '–']),
    ];
  });
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column]!.length)));
  const line = (cells: string[]) =>
    cells.map((cell, column) => (column === 0 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!))).join('  ');
  console.log(`\nJavaScript per route, empty cache, Chromium over loopback, medians of ${RUNS} runs (${CLIENT_DIR}):`);
  console.log(line(header));
  for (const row of rows) console.log(line(row));
  console.log('\nCross-check against the build manifest (the same files, sizes of the built and precompressed files):');
  for (const { route, runs, manifest, check } of results) {
    const encodings = [...new Set(runs.brotli.flatMap((load) => [...load.encodings]))].join('/');
    console.log(
      `  ${route.name}: ${manifest.files} files, ${kb(manifest.raw)} KB raw, ${kb(manifest.gzip)} KB gzip, ` +
        `${kb(manifest.brotli)} KB brotli; served as ${encodings}${check ? `; ${check}` : ''}`,
    );
  }
}

async function main() {
  const manifest = readManifest(CLIENT_DIR);
  const server = await startTestServer({ clientDir: CLIENT_DIR, plugins: serverPlugins });
  const browser = await launchChromium();
  try {
    const tokens = await server.login();
    await seed(server, tokens.access_token);
    const results = [];
    for (const route of ROUTES) {
      const runs: Record<Encoding, Load[]> = { brotli: [], gzip: [] };
      for (let run = 0; run < RUNS; run++) {
        for (const encoding of Object.keys(ENCODINGS) as Encoding[]) {
          runs[encoding].push(await loadRoute(browser, server, route, encoding, tokens));
        }
      }
      const files = runs.brotli[0]!.files;
      results.push({ route, runs, manifest: weigh(CLIENT_DIR, files), check: budgetCheck(manifest, route.name, files) });
      console.log(`${route.name}: measured`);
    }
    printTable(results);
  } finally {
    await browser.close();
    await server.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});

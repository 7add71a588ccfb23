/**
 * Browser benchmark of the Node Management tree with 10,000 nodes (issue 6): starts a test server with the built console,
 * creates an application whose tree holds 100 nodes of 99 items each under the root (10,000 rows), opens the page in
 * Chromium and prints
 *   - the time from navigation start to the first tree row in the DOM, timed in the page (a MutationObserver's mark;
 *     Playwright's waitFor polls every 500 ms after its first tries, so it would count in 500 ms steps), and what
 *     the navigation spent before it: the console's boot calls, the page's code, the tree call and its drawing,
 *   - the time from typing a search to the first matching row shown (including the 150 ms debounce),
 *   - the time to scroll to the end of the list and see the last row, and the time to collapse and expand the root.
 * Figures only, no assertions. Run `npm run build` first, then `npm run bench:node-tree`.
 */
import 'reflect-metadata';
import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { DatabaseToken } from '@sensorium/core/server';
import { nodeItems } from '../plugins/nodes/server/schema';
import { startConsole } from '../tests/support/e2e';
import { createBenchApplication, median, ms } from './support/bench-application';
import { kb, wireSize } from './support/wire-size';

const APP = 'bench_tree';
const NODES = 100;
const ITEMS_PER_NODE = 99;
const RUNS = Number(process.env.BENCH_RUNS ?? 3);

/** Marks `bench:first-row` when the first tree row enters the DOM, in every document the page opens. */
function markFirstRow() {
  new MutationObserver((_, observer) => {
    if (!document.querySelector('[role="treeitem"]')) return;
    performance.mark('bench:first-row');
    observer.disconnect();
  }).observe(document, { childList: true, subtree: true });
}

/** Where the navigation's time went (ms since navigation start): the boot's calls, the page's code, the tree. */
function navigationPhases(page: Page) {
  // No named helpers inside: tsx would wrap them in a __name call, which the page does not have.
  return page.evaluate((app) => {
    const byPath = new Map(
      (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).map((entry) => [
        new URL(entry.name).pathname.replace(/^\/assets\/node-management-page-.*$/, 'page-code'),
        entry,
      ]),
    );
    const systemInfo = byPath.get('/api/system/info');
    const me = byPath.get('/api/auth/me');
    const outline = byPath.get(`/api/node-structure-item/${app}/tree-outline`);
    const [loaded, rendered, firstRow] = ['nodes:tree-loaded', 'nodes:tree-rendered', 'bench:first-row'].map(
      (name) => performance.getEntriesByName(name)[0]?.startTime ?? NaN,
    );
    return {
      'GET /system/info answered': systemInfo?.responseEnd ?? NaN,
      'GET /auth/me asked (route guard)': me?.startTime ?? NaN,
      'GET /auth/me answered': me?.responseEnd ?? NaN,
      "the page's code loaded": byPath.get('page-code')?.responseEnd ?? NaN,
      'GET /tree-outline asked (route prefetch)': outline?.startTime ?? NaN,
      'GET /tree-outline answered': outline?.responseEnd ?? NaN,
      'tree data parsed (nodes:tree-loaded)': loaded!,
      'tree rendered (nodes:tree-rendered)': rendered!,
      'first row in the DOM': firstRow!,
    };
  }, APP);
}

/** The tree calls the page made (Resource Timing: sizes as received and as decoded). */
function treeRequests(page: Page) {
  return page.evaluate((app) => {
    const prefix = `/api/node-structure-item/${app}/tree`;
    return performance
      .getEntriesByType('resource')
      .map((entry) => entry as PerformanceResourceTiming)
      .filter((entry) => new URL(entry.name).pathname.startsWith(prefix))
      .map((entry) => ({
        path: new URL(entry.name).pathname.slice(prefix.length - '/tree'.length),
        encodedBytes: entry.encodedBodySize,
        decodedBytes: entry.decodedBodySize,
        startedAt: entry.startTime,
        ms: entry.responseEnd - entry.requestStart,
      }));
  }, APP);
}

async function main() {
  const harness = await startConsole();
  try {
    const { server } = harness;
    const token = (await server.login()).access_token;
    const rootUuid = await createBenchApplication(server, token, APP, 'Bench Tree');

    // Bulk insert through the nodes plugin's table (the API adds one item per call).
    const db = server.running.container.resolve(DatabaseToken);
    const rows: (typeof nodeItems.$inferInsert)[] = [];
    for (let n = 0; n < NODES; n++) {
      const nodeUuid = randomUUID();
      const nodeName = `node-${String(n).padStart(3, '0')}`;
      rows.push({ uuid: nodeUuid, appId: APP, itemName: nodeName, itemType: 'node', parentUuid: rootUuid, position: n });
      for (let i = 0; i < ITEMS_PER_NODE; i++) {
        rows.push({
          uuid: randomUUID(),
          appId: APP,
          itemName: `${nodeName}-item-${String(i).padStart(2, '0')}`,
          displayName: i % 10 === 0 ? `Sensor ${n}.${i}` : '',
          itemType: 'item',
          parentUuid: nodeUuid,
          position: i,
          geoInfo: { tags: i % 7 === 0 ? ['bench'] : [] },
        });
      }
    }
    const started = performance.now();
    for (let at = 0; at < rows.length; at += 2000) await db.insert(nodeItems).values(rows.slice(at, at + 2000));
    console.log(`Inserted ${rows.length} nodes and items in ${ms(performance.now() - started)}`);

    const apiTree = await wireSize(`${server.url}/api/node-structure-item/${APP}/tree`, { authorization: `Bearer ${token}` });
    console.log(
      `GET /tree (the API's full rows): ${kb(apiTree.decodedBytes)}, ${kb(apiTree.wireBytes)} on the wire (${apiTree.encoding}) in ${ms(apiTree.ms)}`,
    );

    await harness.login();
    const { page } = harness;
    page.setDefaultTimeout(60_000);
    const lastName = `node-${String(NODES - 1).padStart(3, '0')}-item-${String(ITEMS_PER_NODE - 1).padStart(2, '0')}`;
    await page.addInitScript(markFirstRow);
    const phases: Record<string, number>[] = [];
    const search: number[] = [];
    const searchInPage: number[] = [];
    const scroll: number[] = [];
    const toggle: number[] = [];
    for (let run = 0; run < RUNS; run++) {
      await page.goto(harness.url('/application/application-list'));
      await page.goto(harness.url(`/app/${APP}/node-management`));
      await page.locator('[role="treeitem"]').first().waitFor();
      phases.push(await navigationPhases(page));
      if (run === 0) {
        console.log(`Rows in the DOM after opening (virtualised): ${await page.locator('[role="treeitem"]').count()}`);
        for (const fetched of await treeRequests(page)) {
          console.log(
            `The console's ${fetched.path}: ${kb(fetched.decodedBytes)}, ${kb(fetched.encodedBytes)} on the wire, asked ${ms(fetched.startedAt)} after navigation, ${ms(fetched.ms)} request to last byte`,
          );
        }
      }

      const box = page.getByRole('textbox', { name: 'Search', exact: true });
      const t1 = performance.now();
      await box.fill(lastName);
      await page.locator(`[data-search-hit="first"][data-item-name="${lastName}"]`).waitFor();
      search.push(performance.now() - t1);
      searchInPage.push(await page.evaluate(() => performance.getEntriesByName('nodes:search').at(-1)?.duration ?? NaN));
      await box.fill('');

      const t2 = performance.now();
      await page.getByRole('tree').evaluate((element) => (element.scrollTop = element.scrollHeight));
      await page.locator(`[data-item-name="${lastName}"]`).waitFor();
      scroll.push(performance.now() - t2);

      await page.getByRole('tree').evaluate((element) => (element.scrollTop = 0));
      const rootRow = page.getByRole('treeitem', { name: 'root', exact: true });
      const t3 = performance.now();
      await rootRow.getByRole('button', { name: 'Collapse' }).click();
      await page.locator('[data-item-name="node-000"]').waitFor({ state: 'detached' });
      await rootRow.getByRole('button', { name: 'Expand' }).click();
      await page.locator('[data-item-name="node-000"]').waitFor();
      toggle.push(performance.now() - t3);
    }
    console.log(`\nNode tree with ${rows.length + 1} rows, ${RUNS} runs (median):`);
    console.log(
      `  navigation start → first tree row in the DOM (in the page):  ${ms(median(phases.map((p) => p['first row in the DOM']!)))}`,
    );
    console.log(`    each run: ${phases.map((p) => ms(p['first row in the DOM']!)).join(', ')}`);
    console.log('  where the navigation went (ms since its start, median):');
    for (const phase of Object.keys(phases[0] ?? {})) {
      console.log(`    ${phase.padEnd(42)} ${ms(median(phases.map((p) => p[phase]!)))}`);
    }
    console.log(`  search → first result shown (incl. 150 ms debounce):        ${ms(median(search))}`);
    console.log(`  in-page measure typing → first match scrolled into view:    ${ms(median(searchInPage))}`);
    console.log(`  scroll to the end → last row shown:                          ${ms(median(scroll))}`);
    console.log(`  collapse + expand the root:                                  ${ms(median(toggle))}`);
  } finally {
    await harness.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});

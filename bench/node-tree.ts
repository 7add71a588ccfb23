/**
 * Browser benchmark of the Node Management tree with 10,000 nodes (issue 6): starts a test server with the built console,
 * creates an application whose tree holds 100 nodes of 99 items each under the root (10,000 rows), opens the page in
 * Chromium and prints
 *   - the time from navigation to the first tree row on screen (and the in-page performance mark),
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
    const firstRender: number[] = [];
    const inPage: number[] = [];
    const loaded: number[] = [];
    const search: number[] = [];
    const searchInPage: number[] = [];
    const scroll: number[] = [];
    const toggle: number[] = [];
    for (let run = 0; run < RUNS; run++) {
      await page.goto(harness.url('/application/application-list'));
      const t0 = performance.now();
      await page.goto(harness.url(`/app/${APP}/node-management`));
      await page.locator('[role="treeitem"]').first().waitFor();
      firstRender.push(performance.now() - t0);
      inPage.push(await page.evaluate(() => performance.getEntriesByName('nodes:tree-rendered')[0]?.startTime ?? NaN));
      loaded.push(await page.evaluate(() => performance.getEntriesByName('nodes:tree-loaded')[0]?.startTime ?? NaN));
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
    console.log(`  time to first render of the tree (navigation → first row): ${ms(median(firstRender))}`);
    console.log(`  in-page mark nodes:tree-rendered (since navigation start):  ${ms(median(inPage))}`);
    console.log(`  in-page mark nodes:tree-loaded (tree data parsed):          ${ms(median(loaded))}`);
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

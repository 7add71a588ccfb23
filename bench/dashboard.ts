/**
 * Browser benchmark of a dashboard (issue 15): starts a test server with the built console, makes an application of
 * 10,000 items and a 50-widget dashboard bound to them (value cards, gauges, charts, tables), opens it in headless
 * Chromium and prints
 *   - time to interactive: navigation → the first widget value on screen and the next animation frame run,
 *   - frames per second while 1,000 item values a second arrive through `node-values` pushes (50 items every 50 ms),
 *   - the widgets drawn (the ones on screen) against the widgets on the dashboard.
 * Medians of BENCH_RUNS (3) runs. Figures only, no assertions. Run `npm run build` first, then `npm run bench:dashboard`.
 */
import 'reflect-metadata';
import { randomUUID } from 'node:crypto';
import { PUSH_TOPICS } from '@sensorium/core/common';
import { DatabaseToken, PushHubToken } from '@sensorium/core/server';
import { normalizeFieldPreference, type NodeValuesPush } from '@sensorium/nodes/common';
import type { DashboardDefinition, WidgetDefinition, WidgetType } from '../plugins/dashboards/common';
import { nodeItems } from '../plugins/nodes/server/schema';
import { startConsole } from '../tests/support/e2e';
import { createBenchApplication, median, ms } from './support/bench-application';

const APP = 'bench_dash';
const ITEMS = 10_000;
const WIDGETS = 50;
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const VALUES_PER_SECOND = 1000;
const PUSH_EVERY_MS = 50;
const MEASURE_MS = 5000;

/** 50 widgets: 30 value cards, 10 gauges, 5 time series of two fields, 5 item tables of 5 items, 4 per grid row. */
function layout(uuids: string[]): DashboardDefinition {
  const kinds: WidgetType[] = [
    ...Array<WidgetType>(30).fill('value-card'),
    ...Array<WidgetType>(10).fill('gauge'),
    ...Array<WidgetType>(5).fill('time-series'),
    ...Array<WidgetType>(5).fill('item-table'),
  ];
  const widgets: WidgetDefinition[] = kinds.slice(0, WIDGETS).map((type, index) => {
    const item = (offset: number) => uuids[(index * 7 + offset) % uuids.length]!;
    const bindings =
      type === 'time-series'
        ? [0, 1].map((offset) => ({ itemUuid: item(offset), field: 'temperature' }))
        : type === 'item-table'
          ? [0, 1, 2, 3, 4].map((offset) => ({ itemUuid: item(offset), field: '' }))
          : [{ itemUuid: item(0), field: 'temperature' }];
    return {
      id: `w${index}`,
      type,
      title: `${type} ${index}`,
      position: { x: (index % 4) * 3, y: Math.floor(index / 4) * 3, w: 3, h: 3 },
      bindings,
      options: type === 'gauge' ? { min: 0, max: 50 } : {},
    };
  });
  return { name: 'Bench', isMain: true, themeId: null, widgets };
}

async function main() {
  const harness = await startConsole();
  try {
    const { server } = harness;
    const token = (await server.login()).access_token;
    const rootUuid = await createBenchApplication(server, token, APP, 'Bench Dashboard');

    // Bulk insert through the nodes plugin's table (the API adds one item per call).
    const db = server.running.container.resolve(DatabaseToken);
    const temperature = normalizeFieldPreference('temperature', {
      displayName: 'Temperature',
      signal: 'analog',
      unit: '°C',
      decimalPlace: 1,
    });
    const rows: (typeof nodeItems.$inferInsert)[] = Array.from({ length: ITEMS }, (_, index) => ({
      uuid: randomUUID(),
      appId: APP,
      itemName: `sensor-${String(index).padStart(5, '0')}`,
      itemType: 'item',
      parentUuid: rootUuid,
      position: index,
      input: { temperature },
      outputSimple: { temperature: 20 },
      geoInfo: { tags: [] },
    }));
    const started = performance.now();
    for (let at = 0; at < rows.length; at += 2000) await db.insert(nodeItems).values(rows.slice(at, at + 2000));
    console.log(`Inserted ${rows.length} items in ${ms(performance.now() - started)}`);
    const uuids = rows.map((row) => row.uuid!);
    const dashboard = await server.request('POST', `/api/dashboards/${APP}`, { token, body: layout(uuids) });
    if (dashboard.status !== 201) throw new Error(`Creating the dashboard failed: ${JSON.stringify(dashboard.body)}`);
    const bound = [...new Set((dashboard.body.widgets as WidgetDefinition[]).flatMap((w) => w.bindings.map((b) => b.itemUuid)))];
    const itemsStarted = performance.now();
    await server.request('GET', `/api/dashboards/${APP}/${dashboard.body.id}/items`, { token });
    console.log(`GET the dashboard's ${bound.length} bound items of ${ITEMS}: ${ms(performance.now() - itemsStarted)}`);

    // 1,000 values a second: every 50 ms one push of 50 items, half of them bound to widgets.
    const hub = server.running.resolve(PushHubToken);
    let tick = 0;
    const pushOnce = () => {
      const perPush = (VALUES_PER_SECOND * PUSH_EVERY_MS) / 1000;
      const items: NodeValuesPush['items'] = Array.from({ length: perPush }, (_, index) => {
        const uuid = index % 2 === 0 ? bound[(tick * perPush + index) % bound.length]! : uuids[(tick * 97 + index) % ITEMS]!;
        const now = new Date().toISOString();
        return {
          uuid,
          outputSimple: { temperature: 15 + ((tick + index) % 300) / 10 },
          status: { severity: 0, eventSeverity: 0, fieldStatus: {} },
          connection: true,
          lastReceiveDate: now,
          lastValidDate: now,
        };
      });
      tick++;
      hub.publishKeyed<NodeValuesPush>(APP, { topic: PUSH_TOPICS.nodeValues, data: { appId: APP, items } });
    };

    await harness.login();
    const { page } = harness;
    page.setDefaultTimeout(60_000);
    const interactive: number[] = [];
    const fps: number[] = [];
    let drawn = 0;
    for (let run = 0; run < RUNS; run++) {
      await page.goto(harness.url('/application/application-list'));
      const t0 = performance.now();
      await page.goto(harness.url(`/app/${APP}/dashboard/main`));
      await page.getByTestId('widget-value').first().waitFor();
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(resolve)));
      interactive.push(performance.now() - t0);
      drawn = await page.getByTestId('widget-value').count();

      const timer = setInterval(pushOnce, PUSH_EVERY_MS);
      try {
        // A string, not a function: tsx names inner functions with a helper the page does not have.
        const frames = (await page.evaluate(`new Promise((resolve) => {
          let count = 0;
          const end = performance.now() + ${MEASURE_MS};
          requestAnimationFrame(function frame() {
            count++;
            if (performance.now() < end) requestAnimationFrame(frame);
            else resolve(count);
          });
        })`)) as number;
        fps.push(frames / (MEASURE_MS / 1000));
      } finally {
        clearInterval(timer);
      }
    }
    console.log(`\nDashboard of ${WIDGETS} widgets over ${ITEMS} items, ${RUNS} runs (median):`);
    console.log(`  time to interactive (navigation → first value shown + next frame): ${ms(median(interactive))}`);
    console.log(`  frames per second with ${VALUES_PER_SECOND} values/s pushed:           ${median(fps).toFixed(1)}`);
    console.log(`  widgets drawn at 1280×800 (the rest are off screen): ${drawn} value cards and gauges`);
  } finally {
    await harness.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});

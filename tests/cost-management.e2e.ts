import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DataSourceSinkToken } from '@sensorium/core/server';
import { startConsole, type Console } from './support/e2e';

const APP = 'e2e_usage';
const DEVICE = 'a1b2c3d4e5f6c001';
/** The per-application menu's button on narrow screens, which holds the header's links too on phones. */
const APP_MENU = 'Application pages';

// Testing > Cost Management (shell §2.4, test-feature licence) and the header's per-application links (shell §2.2).
describe('cost management and the header links', () => {
  let harness: Console;

  beforeAll(async () => {
    harness = await startConsole();
    const { server } = harness;
    const token = (await server.login()).access_token;
    const call = async (method: string, path: string, body?: unknown) => {
      const answer = await server.request(method, path, { token, body });
      expect(answer.status, `${method} ${path}: ${JSON.stringify(answer.body)}`).toBeLessThan(300);
    };
    await call('POST', '/api/application/new/', { id: APP, name: 'E2E Usage', description: '', endCustomerId: 'end_default' });
    await call('GET', `/api/node-structure-item/${APP}/tree`);
    await call('POST', `/api/node-structure-item/${APP}/items`, {
      parentName: 'root',
      newItem: { itemType: 'item', itemName: 'meter', dataSource: { type: 'chirpstack', deviceEUI: DEVICE } },
    });
    // Two uplinks through the real ingest: the report counts them in this month's row.
    await server.running.resolve(DataSourceSinkToken).ingest(
      [1, 2].map((reading) => ({
        source: 'chirpstack',
        deviceId: DEVICE,
        receivedAt: new Date(),
        fields: { reading },
        raw: {},
        dedupKey: `${DEVICE}-${reading}`,
      })),
    );
    await harness.login();
    harness.page.setDefaultTimeout(10_000);
  });
  afterAll(() => harness?.close());

  it('opens Cost Management from the Testing group and shows the usage row and the chart', async () => {
    const { page } = harness;
    const sidebar = page.getByRole('navigation', { name: 'Navigation' });
    await sidebar.getByRole('button', { name: 'Testing' }).click();
    await sidebar.getByRole('link', { name: 'Cost Management' }).click();
    await page.waitForURL(/\/dashboard$/);
    await page.getByRole('heading', { name: 'Cost Management' }).waitFor();

    const row = page.getByRole('row').filter({ hasText: 'E2E Usage' });
    await row.waitFor();
    const month = new Date().toISOString().slice(0, 7);
    const cells = await row.getByRole('cell').allTextContents();
    expect(cells.slice(0, 6)).toEqual([month, 'E2E Usage', expect.any(String), '2', '2', '2']);
    expect(await page.getByTestId('usage-chart').locator('canvas').count()).toBe(1);

    // A refused range names its month and keeps the report.
    await page.getByLabel('To month').fill('2001-01');
    await page.getByRole('button', { name: 'Show' }).click();
    await page.getByText('The last month must not come before the first month.').waitFor();
    expect(await row.count()).toBe(1);
  });

  it('leads the header links of an application to their pages', async () => {
    const { page } = harness;
    // At 1024 px the links are icons in the header (beside the inline per-application menu they fold, as at 375 px).
    await page.setViewportSize({ width: 1024, height: 800 });
    const links = page.getByRole('navigation', { name: 'Application links' });
    await page.goto(harness.url(`/app/${APP}/event-view`));
    await links.getByRole('button', { name: 'Devices: Sensor Status' }).click();
    await page.waitForURL(new RegExp(`/app/${APP}/sensor$`));
    await page.getByRole('heading', { name: 'Sensor Status' }).waitFor();
    await links.getByRole('button', { name: /^Contacts: / }).click();
    await page.waitForURL(new RegExp(`/app/${APP}/notification-client$`));
    await links.getByRole('button', { name: /^Phone: / }).click();
    await page.waitForURL(new RegExp(`/app/${APP}/notification-history$`));
    await links.getByRole('button', { name: /^Task list: / }).click();
    await page.waitForURL(new RegExp(`/app/${APP}/timer-mission-setting$`));
    // Outside an application there are none.
    await page.goto(harness.url('/application/application-list'));
    await page.getByRole('navigation', { name: 'Navigation' }).waitFor();
    expect(await links.count()).toBe(0);
    await page.setViewportSize({ width: 1280, height: 800 });
  });

  it('keeps the header links reachable: their overflow menu at 1280 px, the per-application menu at 375 px', async () => {
    const { page } = harness;
    try {
      for (const [width, menu] of [
        [1280, 'More application links'],
        [375, APP_MENU],
      ] as const) {
        await page.setViewportSize({ width, height: 800 });
        await page.goto(harness.url(`/app/${APP}/event-view`));
        await page.getByRole('button', { name: menu }).click();
        await page.getByRole('menuitem', { name: /^Contacts: / }).click();
        await page.waitForURL(new RegExp(`/app/${APP}/notification-client$`));
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      }
      await page.goto(harness.url('/dashboard'));
      await page.getByRole('row').filter({ hasText: 'E2E Usage' }).waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    } finally {
      await page.setViewportSize({ width: 1280, height: 800 });
    }
  });

  it('shows no Testing group, page or API while the test-feature licence is off', async () => {
    const unlicensed = await startConsole({ licences: 'iot' });
    try {
      await unlicensed.login();
      const { page } = unlicensed;
      const sidebar = page.getByRole('navigation', { name: 'Navigation' });
      await sidebar.getByRole('button', { name: 'Diagnosis' }).waitFor();
      expect(await sidebar.getByRole('button', { name: 'Testing' }).count()).toBe(0);
      await page.goto(unlicensed.url('/dashboard'));
      await page.waitForURL(/\/application\/application-list$/);
      const { access_token } = await unlicensed.server.login();
      const month = new Date().toISOString().slice(0, 7);
      const answer = await unlicensed.server.request('GET', `/api/cost-management/usage?from=${month}&to=${month}`, {
        token: access_token,
      });
      expect(answer.status).toBe(404);
    } finally {
      await unlicensed.close();
    }
  });
});

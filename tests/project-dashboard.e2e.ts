import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { serverPlugins } from '../host/server/plugins';
import { startTestServer, TEST_ADMIN_PASSWORD, type TestServer } from '../host/server/testing';
import { launchChromium } from './support/browser';

const CLIENT_DIR = resolve(import.meta.dirname, '../dist/client');

// A project made in the wizard fills its dashboard by itself, as on `npm start`: the built console with every plugin,
// the demo seeded and the embedded broker, so the demo simulation runs and picks up the new project's devices.
describe('a new project’s dashboard under the demo simulation', () => {
  let server: TestServer;
  let browser: Browser;
  let page: Page;
  const url = (path: string) => new URL(path, server.url).href;

  beforeAll(async () => {
    server = await startTestServer({ clientDir: CLIENT_DIR, plugins: serverPlugins, seedDemo: true, mqtt: true });
    browser = await launchChromium();
    page = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
    page.setDefaultTimeout(30_000);
    await page.goto(url('/auth/login'));
    await page.getByLabel(/username/i).fill('admin');
    await page.getByLabel(/password/i).fill(TEST_ADMIN_PASSWORD);
    await page.getByRole('button', { name: /log ?in/i }).click();
    await page.waitForURL(/\/application\/application-list$/);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('creates a cold-chain project from its template and shows the simulated values on its main dashboard within a minute', async () => {
    const group = page.locator('div', { has: page.getByRole('heading', { name: 'Northwind Facilities', level: 2 }) }).last();
    await group.getByRole('button', { name: 'Add New Project' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Add New Project' });
    await dialog.getByRole('button', { name: /Use a template/ }).click();
    await dialog.getByTestId('template-cold-chain-storage').click();
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    const form = dialog.getByRole('form', { name: 'About project' });
    await form.getByRole('textbox', { name: 'Project name' }).fill('Cold Store East');
    await form.getByRole('textbox', { name: 'Building name' }).fill('East Depot');
    await form.getByRole('textbox', { name: 'Address' }).fill('8 Dock Road');
    await form.getByRole('button', { name: 'Create', exact: true }).click();
    await dialog.getByRole('button', { name: 'Homepage' }).click();
    await page.getByTestId('application-card-cold_store_east').waitFor();

    await page.goto(url('/app/cold_store_east/dashboard/main'));
    const freezer = page.getByRole('region', { name: 'Freezer 1' });
    const chiller = page.getByRole('region', { name: 'Chiller' });
    // Values arrive by themselves: the simulation asks for new devices every 5 s and each sends every 5 s.
    await freezer
      .getByTestId('widget-value')
      .getByText(/-?\d+(\.\d)? °C/)
      .waitFor({ timeout: 60_000 });
    await chiller
      .getByTestId('widget-value')
      .getByText(/\d+(\.\d)? °C/)
      .waitFor({ timeout: 60_000 });
    const reading = Number.parseFloat((await freezer.getByTestId('widget-value').textContent()) ?? '');
    // Freezer 1 runs the alarm cycle: around −20 °C, or around −10 °C (its red range) for part of every minute.
    expect(reading).toBeGreaterThan(-25);
    expect(reading).toBeLessThan(-5);

    // On a phone the template's widgets stack in one column: nothing scrolls sideways.
    await page.setViewportSize({ width: 375, height: 800 });
    await freezer.getByTestId('widget-value').waitFor();
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    const column = await page
      .getByTestId('dashboard-widget')
      .evaluateAll((widgets) => widgets.map((widget) => Math.round(widget.getBoundingClientRect().left)));
    expect(new Set(column).size).toBe(1);
  });
});

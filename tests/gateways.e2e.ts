import { afterAll, beforeAll, expect, it } from 'vitest';
import type { ChirpStackConfig } from '../plugins/chirpstack/server/config';
import { startChirpStackStandIn, type ChirpStackStandIn } from './support/chirpstack-stand-in';
import { startConsole, type Console } from './support/e2e';

let harness: Console;
let chirpstack: ChirpStackStandIn;

beforeAll(async () => {
  chirpstack = await startChirpStackStandIn();
  // Every installed plugin, as `npm start` runs them, with the operator's ChirpStack API at the stand-in.
  harness = await startConsole({ outboundAllow: ['127.0.0.1'] });
  // The ChirpStack data source keeps the API settings; the gateways plugin reads them through it.
  const config = harness.server.running.pluginConfigs.get('chirpstack') as ChirpStackConfig;
  config.apiUrl = chirpstack.url;
  config.apiToken = chirpstack.token;
  await harness.login();
  harness.page.setDefaultTimeout(15_000);
});
afterAll(async () => {
  await harness?.close();
  await chirpstack?.close();
});

it('adds, edits and deletes a gateway on Gateway Management, kept at ChirpStack too', async () => {
  const { page } = harness;
  await page.getByRole('link', { name: 'Gateway Management' }).click();
  await page.waitForURL(/\/gateway-management$/);

  await page.getByRole('button', { name: 'Add New Gateway' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Gateway' });
  await dialog.getByLabel('Name').fill('Roof North');
  await dialog.getByLabel('Gateway ID').fill('AA555A00FE012345');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await dialog.getByText('Please entry vaild gateway id.').waitFor();
  await dialog.getByLabel('Gateway ID').fill('AA555AFFFE012345');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await dialog.waitFor({ state: 'detached' });

  const table = page.getByRole('table', { name: 'Gateways' });
  const row = table.getByRole('row').filter({ hasText: 'Roof North' });
  await row.getByText('AA555AFFFE012345').waitFor();
  await row.getByText('Never seen').waitFor();
  expect(chirpstack.gateways.get('aa555afffe012345')?.name).toBe('Roof North');

  // Edit loads the gateway; its id is read-only.
  await row.getByRole('button', { name: 'Edit Roof North' }).click();
  const editor = page.getByRole('dialog', { name: 'Edit Gateway' });
  expect(await editor.getByLabel('Gateway ID').getAttribute('readonly')).not.toBeNull();
  await editor.getByLabel('Name').fill('Roof East');
  await editor.getByRole('button', { name: 'Save' }).click();
  await table.getByRole('row').filter({ hasText: 'Roof East' }).waitFor();
  expect(chirpstack.gateways.get('aa555afffe012345')?.name).toBe('Roof East');

  // The page fits a phone: nothing wider than 375 px but the table, which scrolls in its own box.
  await page.setViewportSize({ width: 375, height: 800 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await page.setViewportSize({ width: 1280, height: 800 });

  await table.getByRole('button', { name: 'Delete Roof East' }).click();
  await page.getByText('Are you sure to delete Roof East?').waitFor();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  // The toast's text can also be in Fluent's screen-reader announcement; the toast is the first.
  await page.getByText('Roof East has been deleted.').first().waitFor();
  await page.getByText('No gateways yet.').waitFor();
  expect(chirpstack.gateways.size).toBe(0);
});

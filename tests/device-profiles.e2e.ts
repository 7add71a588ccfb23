import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startConsole, type Console } from './support/e2e';

let harness: Console;

beforeAll(async () => {
  // Every installed plugin, as `npm start` runs them: the built console holds all their pages.
  harness = await startConsole();
  await harness.login();
  harness.page.setDefaultTimeout(15_000);
});
afterAll(() => harness?.close());

it('creates a profile with a command and an extra entry under Advance Setting, exports it, and ticks display units', async () => {
  const { page } = harness;
  const sidebar = page.getByRole('navigation', { name: 'Navigation' });
  await sidebar.getByRole('button', { name: 'Advance Setting' }).click();
  await sidebar.getByRole('link', { name: 'Device Profiles' }).click();
  await page.waitForURL(/\/device-profile$/);
  const table = page.getByRole('table', { name: 'Device profiles' });
  await table.getByText('Dragino LHT65 Temperature & Humidity').waitFor();

  await page.getByRole('button', { name: 'New Profile' }).click();
  const dialog = page.getByRole('dialog', { name: 'New Device Profile' });
  await dialog.getByRole('button', { name: 'Save' }).click();
  await dialog.getByText('Profile name is required.').waitFor();
  await dialog.getByLabel('Profile Name').fill('Acme Valve');
  await dialog.getByLabel('Sensor Model').fill('AV-2');
  await dialog.getByRole('button', { name: 'Add Command' }).click();
  await dialog.getByLabel('Command ID').fill('av2-open');
  await dialog.getByLabel('Display Name').fill('Open valve');
  await dialog.getByLabel('Payload (JSON)').fill('{"fPort": 10, "data": "AQ=="}');
  await dialog.getByRole('button', { name: 'Add Entry' }).click();
  await dialog.getByLabel('Entry Name').fill('pipeSize');
  await dialog.getByLabel('Type', { exact: true }).selectOption('number');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await dialog.waitFor({ state: 'detached' });
  await table.getByRole('row').filter({ hasText: 'Acme Valve' }).getByText('Open valve').waitFor();

  // The export holds it, as integrators share it.
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export JSON' }).click();
  const file = JSON.parse(await readFile((await (await download).path())!, 'utf8'));
  expect(
    file.profiles.find((profile: { deviceProfileName: string }) => profile.deviceProfileName === 'Acme Valve'),
  ).toMatchObject({
    commands: [{ id: 'av2-open', display: 'Open valve', payload: { fPort: 10, data: 'AQ==' } }],
    deviceExtraInfoSetting: [{ name: 'pipeSize', type: 'number' }],
  });

  // The AM104 profile offers its seven display units; the save keeps only the ticked ones.
  await table.getByRole('button', { name: 'Edit Milesight AM104 Ambience Sensor' }).click();
  const editor = page.getByRole('dialog', { name: 'Edit Device Profile' });
  const units = editor.getByRole('checkbox');
  expect(await units.count()).toBe(7);
  await editor.getByRole('checkbox', { name: 'Infrared', exact: true }).uncheck();
  await editor.getByRole('checkbox', { name: 'Activity' }).uncheck();
  await editor.getByRole('button', { name: 'Save' }).click();
  await editor.waitFor({ state: 'detached' });
  const { server } = harness;
  const token = (await server.login()).access_token;
  const saved = (await server.request('GET', '/api/device-profiles', { token })).body.find(
    (profile: { sensorModel: string }) => profile.sensorModel === 'AM104',
  );
  // jsonb keeps its own key order.
  expect(Object.keys(saved.outputConfig).sort()).toEqual([
    'Battery',
    'Humidity',
    'Illumination',
    'Infrared_and_visible',
    'Temperature',
  ]);

  await page.setViewportSize({ width: 375, height: 800 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
});

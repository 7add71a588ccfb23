import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { DataSourceSinkToken, readWorkbookRows, type DataSourceSink } from '@sensorium/core/server';
import { defaultFieldPreference } from '@sensorium/nodes/common';
import { startConsole, type Console } from './support/e2e';
import { adminApi, plantWithItem } from './support/plant';

const APP = 'e2e_raw';
const DEVICE = '00000000000ra001';

let harness: Console;
let sent = 0;

/** One uplink of the meter, with LoRa radio keys beside its reading. */
const send = (temperature: number) =>
  (harness.server.running.resolve(DataSourceSinkToken) as DataSourceSink).ingest([
    {
      source: 'chirpstack',
      deviceId: DEVICE,
      dedupKey: `raw-e2e-${++sent}`,
      receivedAt: new Date(),
      fields: { temperature },
      raw: { object: { temperature } },
      meta: { rssi: -71, snr: 9 },
    },
  ]);

beforeAll(async () => {
  harness = await startConsole();
  const api = await adminApi(harness.server);
  await plantWithItem(
    api,
    { id: APP, name: 'E2E Raw' },
    { name: 'meter-a', deviceEUI: DEVICE, input: { temperature: defaultFieldPreference('temperature') } },
  );
  await send(20);
  await harness.login();
  harness.page.setDefaultTimeout(15_000);
});
afterAll(() => harness?.close());

it('lists new uplinks in real-time, filters by device, searches history and downloads the Excel file', async () => {
  const { page } = harness;
  await page.goto(harness.url('/diagnosis/raw-data-history'));
  await page.getByRole('heading', { name: 'Raw Data History' }).waitFor();
  await page.getByRole('combobox', { name: 'Application' }).selectOption({ label: 'E2E Raw' });
  const table = page.getByRole('table', { name: 'Raw data' });
  await expect.poll(() => table.getByRole('row').count()).toBe(2);
  // The radio keys are a badge group of their own; the device column names the item.
  await table.getByText('rssi: -71').waitFor();
  await table.getByRole('cell', { name: 'meter-a', exact: true }).waitFor();

  // Real-time polls: a new uplink shows up without touching the page.
  await send(21);
  await expect.poll(() => table.getByRole('row').count(), { timeout: 8000 }).toBe(3);
  await table.getByRole('button', { name: 'Processed' }).first().click();
  await page.getByRole('dialog', { name: 'Processed' }).getByText('"temperature": 21').waitFor();
  await page.getByRole('dialog', { name: 'Processed' }).getByRole('button', { name: 'Close' }).click();

  // The device-name filter: another name finds nothing, the meter's finds its rows.
  await page.getByRole('textbox', { name: 'Device Name' }).fill('meter-z');
  await page.getByRole('button', { name: 'Search' }).click();
  await page.getByText('No data in this period.').waitFor();
  await page.getByRole('textbox', { name: 'Device Name' }).fill('meter-a');
  await page.getByRole('button', { name: 'Search' }).click();
  await expect.poll(() => table.getByRole('row').count()).toBe(3);

  // History: the last day by default.
  await page.getByRole('tab', { name: 'History', exact: true }).click();
  await page.getByText('1–2 of 2').waitFor();

  // Export Excel streams data_history.xlsx: the file holds the range's rows.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export Excel' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('data_history.xlsx');
  const rows = await readWorkbookRows(await readFile((await download.path())!));
  expect(rows[0]).toEqual(['Date', 'Source', 'Device Name', 'Raw Data', 'Processed Data']);
  expect(rows.slice(1).map((row) => row[2])).toEqual(['meter-a', 'meter-a']);
});

it('fits a 375 px wide phone', async () => {
  const { page } = harness;
  await page.setViewportSize({ width: 375, height: 800 });
  await page.reload();
  await page.getByRole('table', { name: 'Raw data' }).waitFor();
  await page.getByRole('button', { name: 'Export Excel' }).waitFor();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
});

import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { DatabaseToken, type Database } from '@sensorium/core/server';
import { defaultFieldPreference, ItemLookupToken } from '@sensorium/nodes/common';
import { RetentionSettings, runRetention } from '../plugins/device-pipeline/server/retention';
import { startConsole, type Console } from './support/e2e';
import { adminApi, plantWithItem, type AdminApi } from './support/plant';

const APP = 'e2e_retention';
const DAY = 86_400_000;

let harness: Console;
let api: AdminApi;
let uuid = '';
let db: Database;

/** The application's raw rows from the last week, newest first, as Raw Data History searches them. */
const rawKeys = async () =>
  (
    await api('POST', '/api/raw-data-history/search', {
      appId: APP,
      viewMode: 'history',
      isItemSpecific: false,
      startTime: new Date(Date.now() - 7 * DAY).toISOString(),
      endTime: new Date().toISOString(),
      limit: 100,
    })
  ).rows.map((row: { raw: { key: string } }) => row.raw.key);

beforeAll(async () => {
  harness = await startConsole();
  api = await adminApi(harness.server);
  db = harness.server.running.resolve(DatabaseToken);
  ({ uuid } = await plantWithItem(
    api,
    { id: APP, name: 'E2E Retention' },
    { name: 'meter-r', deviceEUI: '00000000000re001', input: { temperature: defaultFieldPreference('temperature') } },
  ));
  // An uplink of three days ago and one of now.
  for (const [key, age] of [
    ['old', 3 * DAY],
    ['new', 0],
  ] as const) {
    const created = new Date(Date.now() - age);
    await db.execute(sql`
      INSERT INTO raw_data (app_id, item_uuid, item_name, source, dedup_key, created_at, raw)
      VALUES (${APP}, ${uuid}, 'meter-r', 'chirpstack', ${key}, ${created}, ${JSON.stringify({ key })}::json)`);
  }
  await harness.login();
  harness.page.setDefaultTimeout(15_000);
});
afterAll(() => harness?.close());

it('sets how long the application keeps its raw data, refusing days out of range; older rows go at the next run', async () => {
  const { page } = harness;
  await page.goto(harness.url(`/app/${APP}/setting`));
  await page.getByRole('tab', { name: 'Data Retention' }).click();
  const tab = page.getByRole('region', { name: 'Data retention' });
  const raw = tab.getByRole('radiogroup', { name: 'Raw data' });
  expect(await raw.getByRole('radio', { name: 'Keep forever' }).isChecked()).toBe(true);
  expect(
    await tab.getByRole('radiogroup', { name: 'Field history' }).getByRole('radio', { name: 'Keep forever' }).isChecked(),
  ).toBe(true);
  const save = tab.getByRole('button', { name: 'Save' });
  expect(await save.isDisabled()).toBe(true);

  await raw.getByRole('radio', { name: 'Keep for a number of days' }).check();
  const days = tab.getByRole('textbox', { name: 'Raw data: days to keep' });
  await days.fill('0');
  await tab.getByText('Enter a whole number of days from 1 to 36,500, or choose to keep the data forever.').waitFor();
  expect(await save.isDisabled()).toBe(true);
  await days.fill('2');
  await save.click();
  await page.getByText('Retention saved').first().waitFor();
  expect(await api('GET', `/api/application/${APP}/retention`)).toEqual({ rawDays: 2, historyDays: null });

  // Reopened, the tab shows what was stored.
  await page.reload();
  await page.getByRole('tab', { name: 'Data Retention' }).click();
  await page.getByRole('textbox', { name: 'Raw data: days to keep' }).waitFor();
  expect(await page.getByRole('textbox', { name: 'Raw data: days to keep' }).inputValue()).toBe('2');

  // The retention job's next run deletes the uplink of three days ago and keeps today's.
  expect(await rawKeys()).toEqual(['new', 'old']);
  const server = harness.server.running;
  const run = await runRetention(db, new RetentionSettings(db), server.resolve(ItemLookupToken));
  expect(run.raw.deletedRows).toBe(1);
  expect(await rawKeys()).toEqual(['new']);
});

it('gives one field its own history retention in its Field Settings, stored by its own button', async () => {
  const { page } = harness;
  await page.goto(harness.url(`/app/${APP}/node-management#${uuid}`));
  await page.locator('tr[data-field="temperature"]').getByRole('button', { name: 'Field Settings' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Field Settings' });
  const section = dialog.getByRole('region', { name: 'History Retention', exact: true });
  const keep = section.getByRole('combobox', { name: 'Keep this field’s history' });
  await keep.waitFor();
  expect(await keep.locator('option:checked').textContent()).toBe('As the application: forever');

  await keep.selectOption({ label: 'Keep for a number of days' });
  await section.getByRole('textbox', { name: 'Days to keep' }).fill('400');
  await section.getByRole('button', { name: 'Save retention' }).click();
  await page.getByText('History retention saved').first().waitFor();
  expect((await api('GET', `/api/node-structure-item/${APP}/items/${uuid}/retention`)).fields).toEqual({ temperature: 400 });
  expect(await section.getByRole('button', { name: 'Save retention' }).isDisabled()).toBe(true);

  // Back to the application's: the field has no setting of its own any more.
  await keep.selectOption({ label: 'As the application: forever' });
  await section.getByRole('button', { name: 'Save retention' }).click();
  await expect.poll(async () => (await api('GET', `/api/node-structure-item/${APP}/items/${uuid}/retention`)).fields).toEqual({});
  await dialog.getByRole('button', { name: 'Close' }).click();
  await dialog.waitFor({ state: 'detached' });
});

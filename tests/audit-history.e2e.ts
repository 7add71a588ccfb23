import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startConsole, type Console } from './support/e2e';
import { adminApi } from './support/plant';

// Diagnosis > Audit History (issue 14): an application created and renamed through the API shows up in the last 24
// hours with its sentence, the details drawer shows the rename's old and new names, and Export Csv downloads the report.
describe('audit history', () => {
  let harness: Console;

  const row = (log: string) =>
    harness.page.getByRole('row').filter({ has: harness.page.getByRole('cell', { name: log, exact: true }) });

  beforeAll(async () => {
    harness = await startConsole();
    const api = await adminApi(harness.server);
    await api('POST', '/api/application/new/', { id: 'north_pump', name: 'North Pump Station', endCustomerId: 'end_default' });
    await api('PATCH', '/api/application/north_pump', { name: '北泵站 North Pump' });
    await harness.login();
    harness.page.setDefaultTimeout(15_000);
  });
  afterAll(() => harness?.close());

  it('lists the last 24 hours’ records with their sentences, filtered by type', async () => {
    const { page } = harness;
    await page.goto(harness.url('/diagnosis/audit-history'));
    await page.getByRole('heading', { name: 'Audit History' }).waitFor();
    await row('Created application North Pump Station').waitFor();
    expect(await row('Created application North Pump Station').getByRole('cell', { name: 'admin', exact: true }).count()).toBe(1);
    await page.getByRole('combobox', { name: 'Type' }).selectOption({ label: 'Device' });
    await page.getByRole('button', { name: 'Search' }).click();
    await page.getByText('No Data Available').waitFor();
    await page.getByRole('combobox', { name: 'Type' }).selectOption({ label: 'All' });
    await page.getByRole('textbox', { name: 'User, action or name' }).fill('North Pump');
    await page.getByRole('button', { name: 'Search' }).click();
    await row('Changed application 北泵站 North Pump').waitFor();
  });

  it('shows the change’s old and new values in the details drawer', async () => {
    const { page } = harness;
    await row('Changed application 北泵站 North Pump').getByRole('button', { name: 'Details' }).click();
    const drawer = page.getByRole('dialog', { name: 'Audit record' });
    const change = drawer.getByRole('row').filter({ has: page.getByRole('cell', { name: 'name', exact: true }) });
    await change.waitFor();
    expect(await change.getByRole('cell').allTextContents()).toEqual(['name', 'North Pump Station', '北泵站 North Pump']);
    await drawer.getByRole('button', { name: 'Close' }).click();
    await drawer.waitFor({ state: 'hidden' });
  });

  it('downloads the CSV report named by its print time', async () => {
    const { page } = harness;
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export Csv' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^\d{8}_\d{4} Audit History Report\.csv$/);
    const text = await readFile((await download.path())!, 'utf8');
    expect(text.startsWith('\ufeffAudit History Report\r\n')).toBe(true);
    expect(text).toContain('Changed application 北泵站 North Pump');
  });

  it('fits a phone screen', async () => {
    const { page } = harness;
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto(harness.url('/diagnosis/audit-history'));
    await row('Created application North Pump Station').waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  });
});

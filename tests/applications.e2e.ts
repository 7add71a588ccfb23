import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { startConsole, type Console } from './support/e2e';

/** A 1×1 PNG, made here rather than shipped as a fixture. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');

/** Waits for a toast with this title (and body). */
async function toast(page: Page, title: string, body?: string) {
  const shown = page.locator('.fui-Toast', { has: page.locator('.fui-ToastTitle', { hasText: title }) });
  await shown.first().waitFor();
  if (body) await shown.first().getByText(body).waitFor();
}

// Applications of shell spec §2.5, 2.6 and 2.8 in a real Chromium against a real server.
describe('applications', () => {
  let harness: Console;
  let token: string;

  beforeAll(async () => {
    harness = await startConsole();
    token = (await harness.server.login()).access_token;
    const existing = await harness.server.request('POST', '/api/application/new/', {
      token,
      body: { id: 'existing_app', name: 'Existing App', endCustomerId: 'end_default' },
    });
    expect(existing.status).toBe(201);
    await harness.login();
    harness.page.setDefaultTimeout(30_000);
  });
  afterAll(() => harness?.close());

  it('adds an end customer from the list, shown among the customers without applications', async () => {
    const { page } = harness;
    await page.getByRole('button', { name: 'Add End Customer' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Add End Customer' });
    await dialog.getByRole('textbox', { name: 'Name' }).fill('Harbour Works');
    await dialog.getByRole('button', { name: 'Save' }).click();
    const withoutApps = page.getByLabel('End customers with no applications');
    await withoutApps.getByText('Harbour Works').waitFor();
    await withoutApps.getByRole('button', { name: 'Add application' }).waitFor();
  });

  it('deletes an end customer after confirming in a dialog', async () => {
    const { page } = harness;
    await page.goto(harness.url('/customer-management/end-customer'));
    const row = page.getByRole('row', { name: /Harbour Works/ });
    await row.getByRole('button', { name: 'Delete' }).click();
    const dialog = page.getByRole('alertdialog');
    await dialog.getByText('Delete the end customer Harbour Works?').waitFor();
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await row.waitFor({ state: 'detached' });
    await page.goto(harness.url('/application/application-list'));
  });

  it('creates an application through the modal after showing the id errors', async () => {
    const { page } = harness;
    const group = page.locator('div', { has: page.getByRole('heading', { name: 'Default End Customer' }) }).last();
    await group.getByRole('button', { name: 'Add application' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Create Application' });
    const id = dialog.getByRole('textbox', { name: 'ID' });
    const create = dialog.getByRole('button', { name: 'Create' });

    await id.fill('Bad-Id');
    await dialog.getByText('Only lowercase character, number and underscore.').waitFor();
    await id.fill('');
    await dialog.getByText('This field is required.').waitFor();
    await id.fill('existing_app');
    await dialog.getByText('ID is taken. Try another.').waitFor();
    expect(await create.isDisabled()).toBe(true);
    expect(await dialog.getByRole('textbox', { name: 'End customer' }).inputValue()).toBe('Default End Customer');

    await id.fill('e2e_plant');
    await dialog.getByRole('textbox', { name: 'Name' }).fill('E2E Plant');
    await dialog.getByRole('textbox', { name: 'Description' }).fill('Made by the browser test');
    await expect.poll(() => create.isEnabled()).toBe(true);
    await create.click();
    await toast(page, 'Success');
    await dialog.waitFor({ state: 'detached' });
    // The modal opens the new application's Node Management page, whose tree starts with the root node.
    await page.waitForURL(/\/app\/e2e_plant\/node-management$/);
    await page.getByRole('tree').getByRole('treeitem', { name: 'root' }).waitFor();
    // Back on the list, the new application has its card.
    await page.goto(harness.url('/application/application-list'));
    await page.getByTestId('application-card-e2e_plant').waitFor();
  });

  it('finds the new application by search', async () => {
    const { page } = harness;
    await page.goto(harness.url('/application/application-list'));
    await page.getByTestId('application-card-existing_app').waitFor();
    await page.getByRole('searchbox', { name: 'Search applications' }).fill('BY THE BROWSER');
    await page.getByTestId('application-card-e2e_plant').waitFor();
    await page.getByTestId('application-card-existing_app').waitFor({ state: 'detached' });
  });

  it('shows the card with the default logo, a Dashboard button for a new tab, and Add New Project', async () => {
    const { page } = harness;
    await page.getByRole('searchbox', { name: 'Search applications' }).fill('');
    const card = page.getByTestId('application-card-existing_app');
    // Without a logo of its own the card shows the bundled default image.
    await expect.poll(() => card.locator('img').evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);
    expect(await card.locator('img').getAttribute('src')).not.toContain('/api/application/');
    const [tab] = await Promise.all([
      harness.context.waitForEvent('page'),
      card.getByRole('button', { name: 'Dashboard' }).click(),
    ]);
    expect(new URL(tab.url()).pathname).toBe('/app/existing_app/dashboard/main');
    await tab.close();
    await page.getByRole('button', { name: 'Add New Project' }).first().click();
    const dialog = page.getByRole('alertdialog', { name: 'Add New Project' });
    await dialog.getByRole('heading', { name: 'How do you want to start?' }).waitFor();
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'detached' });
  });

  it('sorts by date with the newest update first, and by name', async () => {
    const { page } = harness;
    // The older application changes now, so it becomes the newest by date while staying second by name.
    const touched = await harness.server.request('PATCH', '/api/application/existing_app', {
      token,
      body: { description: 'Touched' },
    });
    expect(touched.status).toBe(200);
    await page.reload();
    const cardIds = () =>
      page
        .locator('[data-testid^="application-card-"]')
        .evaluateAll((cards) => cards.map((card) => card.getAttribute('data-testid')));
    const sortBy = async (option: string) => {
      await page.getByRole('combobox', { name: 'Sort by' }).click();
      await page.getByRole('option', { name: option, exact: true }).click();
    };
    await sortBy('Date');
    await expect.poll(cardIds).toEqual(['application-card-existing_app', 'application-card-e2e_plant']);
    await sortBy('Name');
    await expect.poll(cardIds).toEqual(['application-card-e2e_plant', 'application-card-existing_app']);
  });

  it('opens the settings from the application and saves, watching the save icon', async () => {
    const { page } = harness;
    // The application's other pages arrive with later plugins; start from the existing one and switch in its menu.
    await page.goto(harness.url('/app/existing_app/setting'));
    await page.getByRole('heading', { name: 'Application Setting: Existing App' }).waitFor();
    await page.getByRole('button', { name: 'Existing App' }).click();
    await page.getByRole('option', { name: /E2E Plant/ }).click();
    await page.waitForURL(/\/app\/e2e_plant\/setting$/);
    const menu = page.getByRole('navigation', { name: 'Application menu' });
    expect(await menu.getByRole('button', { name: 'Application Setting' }).getAttribute('aria-current')).toBe('page');
    const icon = page.getByTestId('save-icon');
    const name = page.getByRole('textbox', { name: 'Name' }).first();
    await icon.and(page.locator('[data-state="cold"]')).waitFor();
    expect(await page.getByRole('textbox', { name: 'ID' }).inputValue()).toBe('e2e_plant');

    await icon.getByRole('button', { name: 'Edit' }).click();
    await icon.and(page.locator('[data-state="editing"]')).waitFor();
    await name.fill('   ');
    await page.getByText('Please fill out the form.').waitFor();
    await icon.getByRole('button', { name: 'Save' }).click();
    expect(await icon.getAttribute('data-state')).toBe('editing');
    await name.fill('E2E Plant Renamed');
    await icon.getByRole('button', { name: 'Save' }).click();
    await icon.and(page.locator('[data-state="saving"]')).waitFor();
    await icon.and(page.locator('[data-state="save_success"]')).waitFor();
    await icon.and(page.locator('[data-state="cold"]')).waitFor();
    const saved = await harness.server.request('GET', '/api/application/e2e_plant', { token });
    expect(saved.body.name).toBe('E2E Plant Renamed');
    expect(saved.body.setting).toEqual({});
  });

  it('enables custom severity levels and saves them', async () => {
    const { page } = harness;
    const icon = page.getByTestId('save-icon');
    const level4 = page.getByTestId('severity-level-4');
    await level4.getByText('Critical').waitFor();
    await icon.getByRole('button', { name: 'Edit' }).click();
    await page.getByRole('switch', { name: 'Enable Custom Severity Settings' }).check();
    await page.getByRole('textbox', { name: 'Name 4' }).fill('Meltdown');
    await icon.getByRole('button', { name: 'Save' }).click();
    await icon.and(page.locator('[data-state="cold"]')).waitFor({ timeout: 20_000 });
    await level4.getByText('Meltdown').waitFor();
    const saved = await harness.server.request('GET', '/api/application/e2e_plant', { token });
    expect(saved.body.setting.severitySettingEnable).toBe(true);
    expect(Object.keys(saved.body.setting.severitySetting)).toEqual(['0', '1', '2', '3', '4']);
    expect(saved.body.setting.severitySetting['4']).toMatchObject({ name: 'Meltdown', color: 'red' });
  });

  it('uploads a logo, shows it, and deletes it after confirming', async () => {
    const { page } = harness;
    const upload = page.getByRole('button', { name: 'Upload logo' });
    await upload.getByText('No image logo').waitFor();
    await page.getByTestId('logo-file').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: PNG });
    const image = upload.getByRole('img');
    await image.waitFor();
    await expect.poll(() => image.evaluate((element: HTMLImageElement) => element.naturalWidth)).toBe(1);

    await page.getByRole('button', { name: 'Delete logo' }).click();
    const confirm = page.getByRole('alertdialog');
    await confirm.getByText('Are you sure to delete the custom image?').waitFor();
    await confirm.getByRole('button', { name: 'Yes' }).click();
    await upload.getByText('No image logo').waitFor();
  });

  it('deletes the application only after the exact id is typed', async () => {
    const { page } = harness;
    await page.getByRole('button', { name: 'Delete this application' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Cancel' }).click();
    await toast(page, 'Cancelled', "This application hasn't been deleted.");
    await page.getByRole('button', { name: 'Delete this application' }).click();
    const dialog = page.getByRole('alertdialog');
    await dialog.getByText("You won't be able to revert this!").waitFor();
    const remove = dialog.getByRole('button', { name: 'Delete' });
    await remove.click();
    await dialog.getByText('You need to write something!').waitFor();
    await dialog.getByRole('textbox').fill('e2e_plan');
    await remove.click();
    await dialog.getByText('Wrong application id!').waitFor();
    await dialog.getByRole('textbox').fill('e2e_plant');
    await remove.click();
    await toast(page, 'Deleted!', 'This application has been deleted.');
    await page.waitForURL(/\/application\/application-list$/);
    await page.getByTestId('application-card-existing_app').waitFor();
    expect(await page.getByTestId('application-card-e2e_plant').count()).toBe(0);
    expect((await harness.server.request('GET', '/api/application/e2e_plant', { token })).status).toBe(404);
  });
});

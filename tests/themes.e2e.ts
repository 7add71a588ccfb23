import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startConsole, type Console } from './support/e2e';

/** A 1×1 PNG, the background image the test uploads. */
const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

// Advance Setting > Dashboard Theme (shell spec §2.9) in a real Chromium against a real server.
describe('dashboard themes', () => {
  let harness: Console;

  beforeAll(async () => {
    harness = await startConsole();
    await harness.login();
  });
  afterAll(() => harness?.close());

  it('opens Dashboard Theme from the Advance Setting group', async () => {
    const { page } = harness;
    const sidebar = page.getByRole('navigation', { name: 'Navigation' });
    await sidebar.getByRole('button', { name: 'Advance Setting' }).click();
    await sidebar.getByRole('link', { name: 'Dashboard Theme' }).click();
    await page.waitForURL(/\/theme-profile$/);
    await page.getByRole('heading', { name: 'Dashboard Theme' }).waitFor();
    expect(await page.title()).toBe('Sensorium - Theme Profile');
  });

  it('adds a theme: the name is required, then the theme shows in the table', async () => {
    const { page } = harness;
    await page.getByRole('button', { name: 'Add Theme' }).click();
    const dialog = page.getByRole('alertdialog');
    const name = dialog.getByRole('textbox', { name: 'Name' });
    expect(await name.inputValue()).toBe('new-theme');
    const save = dialog.getByRole('button', { name: 'Save' });
    await name.fill('');
    await dialog.getByText('Name is required.').waitFor();
    expect(await save.isDisabled()).toBe(true);

    await name.fill('Harbour Blue');
    await dialog.getByRole('textbox', { name: 'Description' }).fill('Blue panels for the harbour');
    await dialog.getByLabel('Panel color', { exact: true }).fill('#1e3a5f');
    await dialog.getByText('#1e3a5f', { exact: true }).waitFor();
    // The opacity slider writes the alpha byte: 80 % is cc.
    await dialog.getByRole('slider', { name: 'Panel color: Opacity' }).focus();
    for (let step = 0; step < 20; step++) await page.keyboard.press('ArrowLeft');
    await dialog.getByText('#1e3a5fcc', { exact: true }).waitFor();
    await save.click();
    await dialog.waitFor({ state: 'detached' });
    const row = page.getByRole('row', { name: /Harbour Blue/ });
    await row.getByRole('cell', { name: 'Blue panels for the harbour' }).waitFor();
  });

  it('shows the theme id in the row menu and edits name, colour and background image', async () => {
    const { page, server } = harness;
    await page.getByRole('button', { name: 'Actions for Harbour Blue' }).click();
    await page.getByText(/^Theme ID: [0-9a-f-]{36}$/).waitFor();
    await page.getByRole('menuitem', { name: 'Edit' }).click();

    const dialog = page.getByRole('alertdialog', { name: 'Edit Theme' });
    await dialog.getByText('No image').waitFor();
    await dialog.getByRole('textbox', { name: 'Name' }).fill('Harbour Night');
    await dialog.getByLabel('Font color', { exact: true }).fill('#ffaa00');
    await dialog.getByText('#ffaa00', { exact: true }).waitFor();
    await dialog.getByLabel('Upload image').setInputFiles({ name: 'night.png', mimeType: 'image/png', buffer: TINY_PNG });
    await dialog.getByRole('img', { name: 'Background image preview' }).waitFor();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('row', { name: /Harbour Night/ }).waitFor();

    const { access_token } = await server.login();
    const { body } = await server.request('GET', '/api/theme-profile/', { token: access_token });
    expect(body).toEqual([
      expect.objectContaining({
        name: 'Harbour Night',
        theme: expect.objectContaining({
          dashboard: expect.objectContaining({
            fontColor: '#ffaa00',
            panelColor: '#1e3a5fcc',
            backgroundImage: expect.stringMatching(/\.png$/),
          }),
        }),
      }),
    ]);

    // Opened again, the preview is the stored image, loaded by the <img> tag with ?token=.
    await page.getByRole('button', { name: 'Actions for Harbour Night' }).click();
    await page.getByRole('menuitem', { name: 'Edit' }).click();
    const preview = page.getByRole('alertdialog', { name: 'Edit Theme' }).getByRole('img', { name: 'Background image preview' });
    await preview.waitFor();
    await page.waitForFunction(
      (image) => image instanceof HTMLImageElement && image.complete && image.naturalWidth === 1,
      await preview.elementHandle(),
    );
    expect(await preview.getAttribute('src')).toMatch(/^\/api\/dashboard\/default_application\/.+\.png\?token=/);
    await page.getByRole('button', { name: 'Cancel' }).click();
  });

  it('pages the table at 10 rows', async () => {
    const { page, server } = harness;
    const { access_token } = await server.login();
    for (let index = 1; index <= 10; index++) {
      const name = `Theme ${String(index).padStart(2, '0')}`;
      await server.request('POST', '/api/theme-profile/new', { token: access_token, body: { name } });
    }
    await page.reload();
    await page.getByText('1–10 of 11').waitFor();
    expect(await page.getByRole('row').count()).toBe(11);
    await page.getByRole('button', { name: 'Next page' }).click();
    await page.getByText('11–11 of 11').waitFor();
    await page.getByRole('row', { name: /Theme 10/ }).waitFor();
    expect(await page.getByRole('row').count()).toBe(2);
  });
});

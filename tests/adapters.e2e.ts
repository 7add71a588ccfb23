import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApplication } from '../host/server/testing';
import { startConsole, type Console } from './support/e2e';

let harness: Console;
const requested: string[] = [];

const GOOD =
  'function decode(input) {\n  console.log("bytes", input.bytes.length);\n  return { fields: { temperature: ((input.bytes[0] << 8) | input.bytes[1]) / 10 } };\n}\n';
const BROKEN = 'function decode(input) {\n  const missing = null;\n  return { fields: { t: missing.value } };\n}\n';
const SECOND = 'function decode(input) {\n  return { fields: { humidity: input.bytes[2] } };\n}\n';

beforeAll(async () => {
  // Every installed plugin, as `npm start` runs them: the built console holds all their pages.
  harness = await startConsole();
  const admin = (await harness.server.login()).access_token;
  await createTestApplication(harness.server, admin, { id: 'adapter_e2e', name: 'Adapter Plant' });
  const item = await harness.server.request('POST', '/api/node-structure-item/adapter_e2e/items', {
    token: admin,
    body: {
      parentName: 'root',
      newItem: { itemType: 'item', itemName: 'th-e2e', dataSource: { type: 'chirpstack', deviceEUI: 'A84041000181C6E2' } },
    },
  });
  expect(item.status).toBe(201);
  harness.page.on('request', (request) => requested.push(request.url()));
  // The editor's text is pasted (see setScript).
  await harness.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: harness.server.url });
  await harness.login();
  harness.page.setDefaultTimeout(20_000);
});
afterAll(() => harness?.close());

/** Replaces the Monaco editor's text by pasting it: typed, Monaco's auto-closing brackets and indentation would change it. */
async function setScript(text: string) {
  const { page } = harness;
  const editor = page.getByRole('group', { name: 'Script' });
  await editor.locator('.view-lines').click();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.press('Delete');
  await page.evaluate((pasted) => navigator.clipboard.writeText(pasted), text);
  await page.keyboard.press('ControlOrMeta+V');
  // Monaco shows its text with non-breaking spaces: compare its first line's words.
  const firstLine = text.split('\n')[0]!.trim();
  await expect
    .poll(async () => (await editor.locator('.view-line').first().innerText()).replace(/\s+/g, ' ').trim())
    .toBe(firstLine);
}

it('writes a script, tests it on a ChirpStack sample, shows an error’s line, saves twice, compares and rolls back', async () => {
  const { page } = harness;
  // The editor's chunk (with Monaco) is not part of the login page or the application list.
  expect(requested.some((url) => url.includes('adapter-editor-page'))).toBe(false);

  const sidebar = page.getByRole('navigation', { name: 'Navigation' });
  await sidebar.getByRole('button', { name: 'Advance Setting' }).click();
  await sidebar.getByRole('link', { name: 'Adapter Editor' }).click();
  await page.waitForURL(/\/adapters\/adapter_editor$/);
  await page.getByRole('heading', { name: 'Adapter Editor', level: 1 }).waitFor();

  await page.getByLabel('Application').selectOption({ label: 'Adapter Plant' });
  await page.getByLabel('Target', { exact: true }).selectOption({ label: 'th-e2e' });
  await page.getByRole('group', { name: 'Script' }).locator('.monaco-editor').waitFor();

  await setScript(GOOD);
  await page.getByRole('button', { name: 'Test', exact: true }).click();
  const fields = page.getByRole('list', { name: 'Fields' });
  await fields.getByText('temperature: 21.5').waitFor();
  await page.getByLabel('Logs').getByText('bytes 3').waitFor();

  await setScript(BROKEN);
  await page.getByRole('button', { name: 'Test', exact: true }).click();
  await page
    .getByRole('alert')
    .filter({ hasText: /^Line 3: TypeError/ })
    .waitFor();

  await setScript(GOOD);
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  const versions = page.getByRole('list', { name: 'Versions' });
  await versions.getByText(/^Version 1 by/).waitFor();
  await setScript(SECOND);
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await versions.getByText(/^Version 2 by/).waitFor();
  expect(await versions.getByRole('listitem').count()).toBe(2);

  // A broken script is refused on save, naming its line.
  await setScript(BROKEN.replace('missing.value', 'missing.'));
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await page
    .getByRole('alert')
    .filter({ hasText: /^Line 3: SyntaxError/ })
    .waitFor();

  const first = versions.getByRole('listitem').filter({ hasText: /^Version 1 by/ });
  await first.getByRole('button', { name: 'Compare' }).click();
  const diff = page.getByRole('region', { name: 'Version 1 (left) against the current version (right)' });
  await diff.locator('.monaco-diff-editor').waitFor();
  await diff.getByText('humidity', { exact: false }).first().waitFor();

  await first.getByRole('button', { name: 'Roll back' }).click();
  await versions.getByText(/^Version 3 by/).waitFor();
  await versions.getByText('restored from version 1').waitFor();
  expect(await versions.getByRole('listitem').count()).toBe(3);

  // Monaco came from the console itself, never from a CDN, and only on this page.
  expect(requested.some((url) => url.includes('adapter-editor-page'))).toBe(true);
  expect(
    requested.filter((url) => !url.startsWith(harness.server.url) && !url.startsWith('data:') && !url.startsWith('blob:')),
  ).toEqual([]);

  // Still current after a reload: version 3 holds the first script.
  await page.reload();
  await page.getByLabel('Application').selectOption({ label: 'Adapter Plant' });
  await page.getByLabel('Target', { exact: true }).selectOption({ label: 'th-e2e (script)' });
  await versions.getByText(/^Version 3 by/).waitFor();
  await page.getByRole('button', { name: 'Test', exact: true }).click();
  await fields.getByText('temperature: 21.5').waitFor();
});

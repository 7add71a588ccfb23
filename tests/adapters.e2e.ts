import { afterAll, beforeAll, expect, it } from 'vitest';
import { startConsole, type Console } from './support/e2e';

let harness: Console;

beforeAll(async () => {
  // Every installed plugin, as `npm start` runs them: the built console holds all their pages.
  harness = await startConsole();
  await harness.login();
});
afterAll(() => harness?.close());

it('adds an item on the Adapters page and lists it', async () => {
  const { page } = harness;
  await page.getByRole('link', { name: 'Adapters' }).click();
  await page.waitForURL(/\/adapters$/);

  await page.getByLabel('Name').fill('First item');
  await page.getByRole('button', { name: 'Add' }).click();

  const list = page.getByRole('list', { name: 'Adapters items' });
  await list.getByText('First item').waitFor();
  expect(await list.getByRole('listitem').allTextContents()).toEqual(['First item']);

  // The item was stored on the server: it is still there after a reload.
  await page.reload();
  await list.getByText('First item').waitFor();
});

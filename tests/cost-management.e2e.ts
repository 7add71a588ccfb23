import { afterAll, beforeAll, expect, it } from 'vitest';
import { startConsole, type Console } from './support/e2e';

let harness: Console;

beforeAll(async () => {
  // Every installed plugin, as `npm start` runs them: the built console holds all their pages.
  harness = await startConsole();
  await harness.login();
});
afterAll(() => harness?.close());

it('adds an item on the Cost Management page and lists it', async () => {
  const { page } = harness;
  await page.getByRole('link', { name: 'Cost Management' }).click();
  await page.waitForURL(/\/cost-management$/);

  await page.getByLabel('Name').fill('First item');
  await page.getByRole('button', { name: 'Add' }).click();

  const list = page.getByRole('list', { name: 'Cost Management items' });
  await list.getByText('First item').waitFor();
  expect(await list.getByRole('listitem').allTextContents()).toEqual(['First item']);

  // The item was stored on the server: it is still there after a reload.
  await page.reload();
  await list.getByText('First item').waitFor();
});

it('shows neither the page nor the API while the test-feature licence is off', async () => {
  const unlicensed = await startConsole({ licences: 'none' });
  try {
    await unlicensed.login();
    const { page } = unlicensed;
    await page.getByRole('navigation', { name: 'Navigation' }).waitFor();
    expect(await page.getByRole('link', { name: 'Cost Management' }).count()).toBe(0);
    await page.goto(unlicensed.url('/cost-management'));
    await page.waitForURL(/\/application\/application-list$/);
    const { access_token } = await unlicensed.server.login();
    expect((await unlicensed.server.request('GET', '/api/cost-management/items', { token: access_token })).status).toBe(404);
  } finally {
    await unlicensed.close();
  }
});

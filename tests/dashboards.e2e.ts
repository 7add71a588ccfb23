import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PUSH_TOPICS } from '@sensorium/core/common';
import { DataSourceSinkToken, PushHubToken } from '@sensorium/core/server';
import { startConsole, type Console } from './support/e2e';

const APP = 'e2e_dash';
const DEVICE = 'a1b2c3d4e5f6d001';

// Dashboards (issue 15, shell §2.1 and §6) in a real Chromium against the real server.
describe('dashboards', () => {
  let harness: Console;
  let token: string;
  let shareUrl = '';

  beforeAll(async () => {
    harness = await startConsole();
    token = (await harness.server.login()).access_token;
    const api = (method: string, path: string, body?: unknown) => harness.server.request(method, path, { token, body });
    expect((await api('POST', '/api/application/new/', { id: APP, name: 'E2E Dash', endCustomerId: 'end_default' })).status).toBe(
      201,
    );
    expect((await api('GET', `/api/node-structure-item/${APP}/tree`)).status).toBe(200);
    const added = await api('POST', `/api/node-structure-item/${APP}/items`, {
      parentName: 'root',
      newItem: {
        itemType: 'item',
        itemName: 'boiler',
        dataSource: { type: 'chirpstack', deviceEUI: DEVICE },
        input: { temperature: { displayName: 'Temperature', signal: 'analog', unit: '°C', decimalPlace: 1 } },
      },
    });
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    await harness.login();
    harness.page.setDefaultTimeout(10_000);
  });
  afterAll(() => harness?.close());

  it('creates a dashboard, adds a value card bound to an item in edit mode, saves it and shows live values', async () => {
    const { page } = harness;
    await page.goto(harness.url(`/app/${APP}/dashboard`));
    await page.waitForURL(new RegExp(`/app/${APP}/dashboard/main$`));
    await page.getByRole('button', { name: 'Create a dashboard' }).click();
    await page.getByRole('heading', { name: 'Main dashboard' }).waitFor();

    await page.getByRole('button', { name: 'Edit', exact: true }).click();
    await page.getByRole('button', { name: 'Add widget' }).click();
    await page.getByRole('menuitem', { name: 'Value card' }).click();
    await page.getByRole('button', { name: 'Configure Value card' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('combobox', { name: 'Item' }).click();
    // The list of matches opens in a portal, outside the dialog.
    await page.getByRole('option', { name: 'boiler' }).click();
    await dialog.getByRole('combobox', { name: 'Field' }).selectOption({ label: 'Temperature' });
    await dialog.getByRole('button', { name: 'Done' }).click();
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Dashboard saved').first().waitFor();
    const card = page.getByRole('region', { name: 'Value card' });
    await card.getByText('No value yet').waitFor();

    const hub = harness.server.running.resolve(PushHubToken);
    await expect.poll(() => hub.hasSubscribers(PUSH_TOPICS.nodeValues, APP)).toBe(true);
    const sink = harness.server.running.resolve(DataSourceSinkToken);
    const stored = await sink.ingest([
      {
        source: 'chirpstack',
        deviceId: DEVICE,
        dedupKey: 'e2e-dash-1',
        receivedAt: new Date(),
        fields: { temperature: 23.44 },
        raw: { object: { temperature: 23.44 } },
      },
    ]);
    expect(stored).toMatchObject({ stored: 1 });
    // By the push, without a reload.
    await card.getByTestId('widget-value').getByText('23.4 °C').waitFor();
  });

  it('shares the dashboard read-only by a link that opens signed out, until it is revoked', async () => {
    const { page } = harness;
    await page.getByRole('button', { name: 'Share' }).click();
    const dialog = page.getByRole('dialog', { name: 'Share links' });
    await dialog.getByRole('button', { name: 'Create link' }).click();
    shareUrl = await dialog.getByRole('textbox', { name: 'Share link' }).inputValue();
    expect(shareUrl).toContain('/public/dashboard?dashboard_token=');
    await dialog.getByText(/^Expires /).waitFor();

    const viewer = await harness.browser.newContext({ viewport: { width: 375, height: 800 } });
    const shared = await viewer.newPage();
    try {
      await shared.goto(shareUrl);
      await shared.getByText(/Shared dashboard \(read only\)/).waitFor();
      await shared.getByRole('region', { name: 'Value card' }).getByText('23.4 °C').waitFor();
      expect(await shared.getByRole('button', { name: 'Edit', exact: true }).count()).toBe(0);

      await dialog.getByRole('button', { name: 'Revoke' }).click();
      await dialog.getByText('No open share links.').waitFor();
      await shared.reload();
      await shared.getByText('This link is not valid: it has expired or was revoked.').waitFor();
    } finally {
      await viewer.close();
    }
  });
});

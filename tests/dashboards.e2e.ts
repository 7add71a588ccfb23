import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PUSH_TOPICS } from '@sensorium/core/common';
import { DataSourceSinkToken, PushHubToken, type Uplink } from '@sensorium/core/server';
import { defaultFirstRange, nextRange } from '@sensorium/nodes/common';
import { startConsole, type Console } from './support/e2e';

const APP = 'e2e_dash';
const DEVICE = 'a1b2c3d4e5f6d001';
const TANK = 'a1b2c3d4e5f6d002';
/** A 2×2 PNG: the floor plan and the theme's background. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAEElEQVR4nGNQSFgARAwQCgAdjgSBQe+XXgAAAABJRU5ErkJggg==',
  'base64',
);
const PANEL = '#102030';
const FONT = '#f0e0d0';

const uplink = (deviceId: string, temperature: number, receivedAt: Date, key: string): Uplink => ({
  source: 'chirpstack',
  deviceId,
  dedupKey: key,
  receivedAt,
  fields: { temperature },
  raw: { object: { temperature } },
});

/** How many pixels of the widget's chart canvas have the first series' colour (#0f6cbd): its line is drawn. */
function chartLinePixels(page: Page, widget: string): Promise<number> {
  return page
    .getByRole('region', { name: widget })
    .locator('canvas')
    .first()
    .evaluate((canvas: HTMLCanvasElement) => {
      const { data } = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height);
      let count = 0;
      for (let at = 0; at < data.length; at += 4) {
        if (Math.abs(data[at]! - 15) < 24 && Math.abs(data[at + 1]! - 108) < 24 && Math.abs(data[at + 2]! - 189) < 24) count++;
      }
      return count;
    });
}

// Dashboards (issue 15, shell §2.1 and §6) in a real Chromium against the real server.
describe('dashboards', () => {
  let harness: Console;
  let token: string;
  let shareUrl = '';
  const api = (method: string, path: string, body?: unknown) => harness.server.request(method, path, { token, body });
  const upload = (path: string, field: string, method: string) => {
    const form = new FormData();
    form.append(field, new Blob([new Uint8Array(PNG)], { type: 'image/png' }), 'picture.png');
    return fetch(harness.url(path), { method, headers: { authorization: `Bearer ${token}` }, body: form });
  };

  beforeAll(async () => {
    harness = await startConsole();
    token = (await harness.server.login()).access_token;
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

  it('shows a shared dashboard themed, with chart history, open alarms and the floor plan, kept live, within 375 px', async () => {
    // A hall with a floor plan and a tank on it whose red range raises an event; readings over the last hour.
    const nodes = `/api/node-structure-item/${APP}`;
    expect(
      (await api('POST', `${nodes}/items`, { parentName: 'root', newItem: { itemType: 'node', itemName: 'hall' } })).status,
    ).toBe(201);
    const normal = { ...defaultFirstRange(), name: 'Normal', startNum: 0, endNum: 30 };
    const hot = { ...nextRange([normal])!, name: 'Hot', color: 'red', startNum: 30, endNum: 100 };
    const tank = await api('POST', `${nodes}/items`, {
      parentName: 'hall',
      newItem: {
        itemType: 'item',
        itemName: 'tank',
        dataSource: { type: 'chirpstack', deviceEUI: TANK },
        input: {
          temperature: {
            displayName: 'Temperature',
            signal: 'analog',
            unit: '°C',
            decimalPlace: 1,
            rangeEnabled: true,
            rangeSettings: {
              ranges: [normal, { ...hot, eventSetting: { name: 'Too hot', enable: true, allowAutoClear: false } }],
            },
          },
        },
      },
    });
    expect(tank.status, JSON.stringify(tank.body)).toBe(201);
    const hall = (await api('GET', `${nodes}/tree`)).body.items.find((row: { itemName: string }) => row.itemName === 'hall');
    const plan = (await (await upload(`${nodes}/items/${hall.uuid}/object?kind=FLOORPLAN`, 'file', 'POST')).json()) as {
      image: string;
    };
    expect((await api('POST', `${nodes}/items/${hall.uuid}/floor-plan`, { image: plan.image })).status).toBe(200);
    const pins = { pins: [{ itemName: 'tank', x: 0.5, y: 0.5 }] };
    expect((await api('PUT', `${nodes}/items/${hall.uuid}/floor-plan/pins`, pins)).status).toBe(200);
    const sink = harness.server.running.resolve(DataSourceSinkToken);
    const now = Date.now();
    const readings = Array.from({ length: 30 }, (_, index) =>
      uplink(TANK, index === 29 ? 41.5 : 18 + (index % 4), new Date(now - (30 - index) * 120_000), `tank-${index}`),
    );
    expect(await sink.ingest(readings)).toMatchObject({ stored: 30 });

    const theme = await api('POST', '/api/theme-profile/new', {
      name: 'Night shift',
      theme: { dashboard: { panelColor: PANEL, fontColor: FONT } },
    });
    expect(theme.status, JSON.stringify(theme.body)).toBe(201);
    expect((await upload(`/api/theme-profile/${theme.body.id}/background`, 'image', 'PUT')).status).toBe(200);
    const bound = [{ itemUuid: tank.body.uuid, field: 'temperature' }];
    const place = (y: number) => ({ x: 0, y, w: 12, h: 4 });
    const dashboard = await api('POST', `/api/dashboards/${APP}`, {
      name: 'Hall overview',
      isMain: false,
      themeId: theme.body.id,
      widgets: [
        { id: 'card', type: 'value-card', title: 'Tank', position: place(0), bindings: bound, options: {} },
        { id: 'chart', type: 'time-series', title: 'Tank history', position: place(4), bindings: bound, options: {} },
        { id: 'alarms', type: 'alarm-list', title: 'Open alarms', position: place(8), bindings: [], options: {} },
        {
          id: 'plan',
          type: 'floor-plan',
          title: 'Hall plan',
          position: place(12),
          bindings: [{ itemUuid: tank.body.uuid, field: '' }],
          options: { floorPlanId: hall.uuid },
        },
      ],
    });
    expect(dashboard.status, JSON.stringify(dashboard.body)).toBe(201);
    const link = await api('POST', `/api/dashboards/${APP}/${dashboard.body.id}/share-links`, { validHours: 1 });

    const viewer = await harness.browser.newContext({ viewport: { width: 375, height: 800 } });
    const shared = await viewer.newPage();
    shared.setDefaultTimeout(15_000);
    try {
      await shared.goto(harness.url(`/public/dashboard?dashboard_token=${link.body.token}`));
      const card = shared.getByRole('region', { name: 'Tank', exact: true });
      await card.getByText('41.5 °C').waitFor();
      // Nothing scrolls sideways on a phone.
      expect(await shared.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

      // The theme: panel and font colours, the background image loaded through the link.
      expect(await card.evaluate((panel) => getComputedStyle(panel).backgroundColor)).toBe('rgb(16, 32, 48)');
      expect(await card.evaluate((panel) => getComputedStyle(panel).color)).toBe('rgb(240, 224, 208)');
      const background = await shared
        .locator('section', { has: shared.getByRole('heading', { name: 'Hall overview' }) })
        .evaluate((page) => getComputedStyle(page).backgroundImage);
      expect(background).toContain('/api/dashboard-share/theme/background?dashboard_token=');
      const image = background.slice(background.indexOf('"') + 1, background.lastIndexOf('"'));
      expect(await shared.evaluate(async (url) => (await fetch(url)).status, image)).toBe(200);

      // The chart draws the hour of history, not only what arrives.
      const history = shared.getByRole('region', { name: 'Tank history' });
      await history.scrollIntoViewIfNeeded();
      await expect.poll(() => chartLinePixels(shared, 'Tank history'), { timeout: 10_000 }).toBeGreaterThan(20);

      // The open alarm, read only.
      const alarms = shared.getByRole('region', { name: 'Open alarms' });
      await alarms.scrollIntoViewIfNeeded();
      await alarms.getByText('tank · Hot · 41.5').waitFor();
      expect(await alarms.getByRole('button', { name: 'Acknowledge' }).count()).toBe(0);

      // The floor plan's image and the tank's pin.
      const floor = shared.getByRole('region', { name: 'Hall plan' });
      await floor.scrollIntoViewIfNeeded();
      await floor.getByTestId('floor-plan-pin').waitFor();
      await expect.poll(() => floor.locator('img').evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(2);
      expect(await shared.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

      // Live: a new reading shows without a reload, over the link's event stream: the values polls are cut off meanwhile.
      await shared.route('**/api/dashboard-share/values', (route) => route.abort());
      await sink.ingest([uplink(TANK, 22.5, new Date(), 'tank-live')]);
      await card.scrollIntoViewIfNeeded();
      await card.getByText('22.5 °C').waitFor();
      await shared.unroute('**/api/dashboard-share/values');
      // A revoke while open ends the view.
      expect((await api('DELETE', `/api/dashboards/${APP}/${dashboard.body.id}/share-links/${link.body.id}`)).status).toBe(200);
      await shared.getByText('This link is not valid: it has expired or was revoked.').waitFor();
    } finally {
      await viewer.close();
    }
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PUSH_TOPICS } from '@sensorium/core/common';
import { DataSourceSinkToken, PushHubToken } from '@sensorium/core/server';
import { defaultFirstRange, nextRange } from '@sensorium/nodes/common';
import { startConsole, type Console } from './support/e2e';

const APP = 'e2e_sensors';
const BASE = `/api/node-structure-item/${APP}`;
const DEVICE = 'a1b2c3d4e5f6a001';

// Sensor Status (shell spec §2.3, accounts spec §3 and §9) in a real Chromium against the real server.
describe('sensor status', () => {
  let harness: Console;
  let token: string;

  const api = (method: string, path: string, body?: unknown) => harness.server.request(method, `${BASE}${path}`, { token, body });
  const row = (name: string) => harness.page.getByRole('row').filter({ has: harness.page.getByRole('button', { name }) });

  beforeAll(async () => {
    harness = await startConsole();
    token = (await harness.server.login()).access_token;
    const app = await harness.server.request('POST', '/api/application/new/', {
      token,
      body: { id: APP, name: 'E2E Sensors', endCustomerId: 'end_default' },
    });
    expect(app.status).toBe(201);
    expect((await api('GET', '/tree')).status).toBe(200);
    expect((await api('POST', '/items', { parentName: 'root', newItem: { itemType: 'node', itemName: 'hall' } })).status).toBe(
      201,
    );
    const normal = { ...defaultFirstRange(), name: 'Normal', startNum: 0, endNum: 30 };
    const hot = { ...nextRange([normal])!, name: 'Hot', color: 'red', startNum: 30, endNum: 100 };
    const temperature = {
      displayName: 'Temperature',
      signal: 'analog',
      unit: '°C',
      decimalPlace: 1,
      rangeEnabled: true,
      rangeSettings: { ranges: [normal, hot] },
    };
    for (const [itemName, deviceEUI] of [
      ['boiler', DEVICE],
      ['spare', 'a1b2c3d4e5f6a002'],
    ]) {
      const added = await api('POST', '/items', {
        parentName: 'hall',
        newItem: { itemType: 'item', itemName, dataSource: { type: 'chirpstack', deviceEUI }, input: { temperature } },
      });
      expect(added.status, JSON.stringify(added.body)).toBe(201);
    }
    await harness.login();
    harness.page.setDefaultTimeout(10_000);
  });
  afterAll(() => harness?.close());

  it('opens from the application card and shows an uplink’s value, range and severity live', async () => {
    const { page } = harness;
    await page.getByTestId(`application-card-${APP}`).getByText('E2E Sensors').click();
    await page.waitForURL(new RegExp(`/app/${APP}/sensor$`));
    await page.getByRole('heading', { name: 'Sensor Status' }).waitFor();
    await row('Open the chart of boiler').getByTestId('sensor-state').getByText('Offline').waitFor();
    expect(await row('Open the chart of boiler').getByTestId('sensor-severity').textContent()).toBe('Normal');

    // Values are pushed to the sockets subscribed to the application when they are stored: wait for the page's.
    const hub = harness.server.running.resolve(PushHubToken);
    await expect.poll(() => hub.hasSubscribers(PUSH_TOPICS.nodeValues, APP)).toBe(true);
    const sink = harness.server.running.resolve(DataSourceSinkToken);
    const stored = await sink.ingest([
      {
        source: 'chirpstack',
        deviceId: DEVICE,
        dedupKey: 'e2e-sensor-1',
        receivedAt: new Date(),
        fields: { temperature: 45.26 },
        raw: { object: { temperature: 45.26 } },
      },
    ]);
    expect(stored).toMatchObject({ stored: 1 });
    // By the push, without a reload.
    const boiler = row('Open the chart of boiler');
    await boiler.getByTestId('sensor-value').getByText('45.3 °C').waitFor();
    await boiler.getByTestId('sensor-field-status').getByText('Hot').waitFor();
    await boiler.getByTestId('sensor-severity').getByText('Critical').waitFor();
    await boiler.getByTestId('sensor-state').getByText('Online').waitFor();
  });

  it('shows the three column groups only when asked, and filters by severity', async () => {
    const { page } = harness;
    expect(await page.getByRole('columnheader', { name: 'Position' }).count()).toBe(0);
    for (const group of [1, 2, 3]) {
      expect(await page.getByRole('button', { name: new RegExp(`^Group ${group}:`) }).getAttribute('aria-pressed')).toBe('false');
    }
    await page.getByRole('button', { name: 'Group 1: Location' }).click();
    await page.getByRole('columnheader', { name: 'Position' }).waitFor();
    await row('Open the chart of boiler').getByText('root > hall').waitFor();
    await page.getByRole('button', { name: 'Group 3: Update time' }).click();
    await page.getByRole('columnheader', { name: 'Last update' }).waitFor();
    expect(await row('Open the chart of spare').getByText('Never').count()).toBe(1);
    await page.getByRole('button', { name: 'Group 1: Location' }).click();
    await expect.poll(() => page.getByRole('columnheader', { name: 'Position' }).count()).toBe(0);

    await page.getByRole('combobox', { name: 'Severity' }).selectOption({ label: 'Critical' });
    await expect.poll(() => row('Open the chart of spare').count()).toBe(0);
    expect(await row('Open the chart of boiler').count()).toBe(1);
    await page.getByRole('combobox', { name: 'Severity' }).selectOption({ label: 'All' });
    await row('Open the chart of spare').waitFor();
  });

  it('opens the device’s chart with a summary type and interval', async () => {
    const { page } = harness;
    await page.getByRole('button', { name: 'Open the chart of boiler' }).click();
    const dialog = page.getByRole('dialog', { name: 'boiler' });
    await dialog.getByTestId('chart-temperature').locator('canvas').waitFor();
    await dialog.getByRole('combobox', { name: 'Summary' }).selectOption({ label: 'Average' });
    const interval = dialog.getByRole('combobox', { name: 'Interval' });
    expect(await interval.locator('option').allTextContents()).toEqual([
      '10 Minutes',
      '1 Hour',
      '4 Hours',
      '6 Hours',
      '1 Day',
      '1 Week',
      '1 Month',
      'None',
    ]);
    await interval.selectOption({ label: '10 Minutes' });
    await dialog.getByTestId('chart-temperature').locator('canvas').waitFor();
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
  });
});

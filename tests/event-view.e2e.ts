import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DataSourceSinkToken, type DataSourceSink } from '@sensorium/core/server';
import { defaultFieldPreference, type FieldPreference } from '@sensorium/nodes/common';
import { startConsole, type Console } from './support/e2e';

const APP = 'e2e_alarms';
const BOILER = 'e2e0000000000b01';
const PUMP = 'e2e0000000000b02';
const CHILLER = 'e2e0000000000b03';

/** Above 50 kW a device's power is "Too hot" (red, severity 4); the event stays open until someone clears it. */
const power: FieldPreference = {
  ...defaultFieldPreference('power'),
  displayName: 'Power',
  unit: 'kW',
  rangeSettings: {
    belowMinimum: { minNumber: null },
    aboveMaximum: { maxNumber: null },
    ranges: [
      {
        ...{ name: 'hot', color: 'red', icon: 'fa-fire', value: 0, startNum: 50, endNum: 1000 },
        eventSetting: { name: 'Too hot', enable: true, allowAutoClear: false },
      },
    ],
  },
};

// The Event View (issue 13 slice 4) in a real Chromium against the real server: events raised by real uplinks in the
// list, the application card and the switcher; Acknowledge with a comment; the details with the history; live updates.
describe('event view', () => {
  let harness: Console;
  let sink: DataSourceSink;
  let uplinks = 0;

  /** A real uplink through the data-source sink, as the device servers' adapters deliver them. */
  const uplink = async (deviceId: string, kW: number) => {
    const fields = { power: kW };
    const outcome = await sink.ingest([
      { source: 'chirpstack', deviceId, dedupKey: `e2e-${++uplinks}`, receivedAt: new Date(), fields, raw: { object: fields } },
    ]);
    expect(outcome).toMatchObject({ stored: 1 });
  };
  const row = (page: Page, device: string) => page.getByRole('row').filter({ hasText: device });

  beforeAll(async () => {
    harness = await startConsole();
    const token = (await harness.server.login()).access_token;
    const request = (method: string, path: string, body?: unknown) => harness.server.request(method, path, { token, body });
    const app = await request('POST', '/api/application/new/', { id: APP, name: 'E2E Alarms', endCustomerId: 'end_default' });
    expect(app.status).toBe(201);
    const nodes = `/api/node-structure-item/${APP}`;
    expect((await request('GET', `${nodes}/tree`)).status).toBe(200);
    for (const [itemName, deviceEUI] of [
      ['boiler', BOILER],
      ['pump', PUMP],
      ['chiller', CHILLER],
    ]) {
      const item = await request('POST', `${nodes}/items`, {
        parentName: 'root',
        newItem: { itemType: 'item', itemName, dataSource: { type: 'chirpstack', deviceEUI }, input: { power } },
      });
      expect(item.status, JSON.stringify(item.body)).toBe(201);
    }
    sink = harness.server.running.resolve(DataSourceSinkToken) as DataSourceSink;
    await uplink(BOILER, 72);
    await uplink(PUMP, 64);
    await harness.login();
  });
  afterAll(() => harness?.close());

  it('shows the raised events on the application card and as the switcher’s count', async () => {
    const { page } = harness;
    const card = page.getByTestId(`application-card-${APP}`);
    await card.getByText('pump Too hot 64.00 kW').waitFor();
    await card.getByText('boiler Too hot 72.00 kW').waitFor();
    await page.getByRole('button', { name: 'Select An Application' }).click();
    const option = page.getByRole('option', { name: /E2E Alarms/ });
    await option.waitFor();
    expect(await option.textContent()).toContain('E2E Alarms2');
    await option.click();
    // The application's own path opens its Event View.
    await page.waitForURL(new RegExp(`/app/${APP}/event-view$`));
  });

  it('lists the events, acknowledges two with a comment and shows it in their history', async () => {
    const { page } = harness;
    await page.goto(harness.url(`/app/${APP}/event-view`));
    await page.getByRole('heading', { name: 'Alert', level: 1 }).waitFor();
    await row(page, 'boiler').getByText('Open').waitFor();
    await row(page, 'pump').getByText('Open').waitFor();
    const acknowledge = page.getByRole('button', { name: 'ACK', exact: true });
    expect(await acknowledge.isDisabled()).toBe(true);

    await page.getByRole('checkbox', { name: 'Select event boiler Too hot' }).check();
    await page.getByRole('checkbox', { name: 'Select event pump Too hot' }).check();
    await page.getByText('2 selected').waitFor();
    await acknowledge.click();
    const dialog = page.getByRole('alertdialog', { name: 'Acknowledge 2 events' });
    await dialog.getByLabel('Comment (optional)').fill('Engineer on the way');
    await dialog.getByRole('button', { name: 'ACK' }).click();
    await dialog.waitFor({ state: 'detached' });
    await row(page, 'boiler').getByText('Ack-ed').waitFor();
    await row(page, 'pump').getByText('Ack-ed').waitFor();
    await page.getByText('0 selected').waitFor();

    await page.getByRole('button', { name: 'Details pump Too hot' }).click();
    const details = page.getByRole('dialog', { name: 'Event' });
    await details.getByText('Acknowledged by').waitFor();
    await details.getByText('Comment: Engineer on the way').waitFor();
    const history = details.getByRole('region', { name: 'History' });
    expect(await history.getByRole('listitem').allTextContents()).toEqual([
      expect.stringMatching(/^Created · the system/),
      expect.stringMatching(/^Acknowledged · user admin/),
    ]);
    await details.getByRole('button', { name: 'Close' }).click();
  });

  it('shows a new event as soon as it is raised, and finds it by text', async () => {
    const { page } = harness;
    await page.goto(harness.url(`/app/${APP}/event-view`));
    await row(page, 'boiler').waitFor();
    expect(await row(page, 'chiller').count()).toBe(0);
    await uplink(CHILLER, 90);
    // No reload: the system-event-update push brings it.
    await row(page, 'chiller').getByText('Open').waitFor();
    await page.getByRole('search').getByRole('searchbox').fill('chiller');
    await page.getByText('1–1 of 1').waitFor();
    expect(await row(page, 'boiler').count()).toBe(0);
  });

  it('names the severities as the application sets them: its own level 4 in the list, the filter and the details', async () => {
    const { page } = harness;
    await page.goto(harness.url(`/app/${APP}/event-view`));
    await row(page, 'boiler').getByText('Critical').waitFor();

    const token = (await harness.server.login()).access_token;
    const meltdown = { name: 'Meltdown', description: 'Evacuate the plant room', color: 'blue', sound: true, enabled: true };
    const setting = { severitySettingEnable: true, severitySetting: { '4': meltdown } };
    const saved = await harness.server.request('PATCH', `/api/application/${APP}`, { token, body: { setting } });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);

    await page.reload();
    await row(page, 'boiler').getByText('Meltdown').waitFor();
    expect(await page.getByRole('row').getByText('Critical').count()).toBe(0);
    await page.getByRole('combobox', { name: 'Severity' }).click();
    await page.getByRole('option', { name: 'Meltdown' }).click();
    await row(page, 'boiler').waitFor();
    await page.getByRole('button', { name: 'Details boiler Too hot' }).click();
    const details = page.getByRole('dialog', { name: 'Event' });
    await details.getByText('Meltdown').waitFor();
    await details.getByRole('button', { name: 'Close' }).click();
  });

  it('works on a phone', async () => {
    const page = await harness.newSession();
    await page.setViewportSize({ width: 375, height: 800 });
    await harness.login();
    await page.goto(harness.url(`/app/${APP}/event-view`));
    await row(page, 'chiller').waitFor();
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(375);
    await page.getByRole('button', { name: 'Details chiller Too hot' }).click();
    const details = page.getByRole('dialog', { name: 'Event' });
    await details.getByText('chiller Power: hot (90.00 kW)').waitFor();
    const box = (await details.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(375);
  });
});

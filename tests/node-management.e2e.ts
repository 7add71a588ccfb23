import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DataSourceSinkToken, UserDirectoryToken } from '@sensorium/core/server';
import { startConsole, type Console } from './support/e2e';

const APP = 'e2e_nodes';
const BASE = `/api/node-structure-item/${APP}`;

/** Waits for a toast with this title (and body). */
async function toast(page: Page, title: string, body?: string) {
  const shown = page.locator('.fui-Toast', { has: page.locator('.fui-ToastTitle', { hasText: title }) });
  await shown.first().waitFor();
  if (body) await shown.first().getByText(body).waitFor();
}

const temperature = {
  ...{ frontendDisplay: true, displayName: 'Temperature', seq: 1, signal: 'analog', unit: '°C', decimalPlace: 1 },
};

// Node Management (node spec 2.1, 2.2, 2.5, 3.3, 4) in a real Chromium against the real server.
describe('node management', () => {
  let harness: Console;
  let token: string;
  const uuids: Record<string, string> = {};

  const api = (method: string, path: string, body?: unknown) => harness.server.request(method, `${BASE}${path}`, { token, body });
  const item = async (name: string) => (await api('GET', `/items/${uuids[name]}`)).body;
  const open = async (name: string) => {
    await harness.page.goto(harness.url(`/app/${APP}/node-management#${uuids[name]}`));
    await harness.page.getByRole('heading', { name, exact: true }).waitFor();
  };
  const fieldRow = (field: string) => harness.page.locator(`tr[data-field="${field}"]`);

  beforeAll(async () => {
    harness = await startConsole();
    token = (await harness.server.login()).access_token;
    const app = await harness.server.request('POST', '/api/application/new/', {
      token,
      body: { id: APP, name: 'E2E Nodes', endCustomerId: 'end_default' },
    });
    expect(app.status).toBe(201);
    expect((await api('GET', '/tree')).status).toBe(200);
    const add = async (itemName: string, parentName: string, itemType: 'node' | 'item', input: Record<string, unknown> = {}) => {
      const created = await api('POST', '/items', {
        parentName,
        newItem: { itemType, itemName, itemDescription: `${itemName} description`, dataSource: { type: 'api' }, input },
      });
      expect(created.status).toBe(201);
      uuids[itemName] = created.body.uuid;
    };
    await add('floor1', 'root', 'node');
    await add('floor2', 'root', 'node');
    await add('sensor1', 'floor1', 'item', { temperature });
    await add('sensor2', 'floor1', 'item');
    const live = await api('POST', '/items', {
      parentName: 'floor2',
      newItem: {
        itemType: 'item',
        itemName: 'th1',
        dataSource: { type: 'chirpstack', deviceEUI: 'a1b2c3d4e5f60001' },
        input: { temperature },
      },
    });
    expect(live.status).toBe(201);
    uuids.th1 = live.body.uuid;
    await harness.login();
    harness.page.setDefaultTimeout(10_000);
  });
  afterAll(() => harness?.close());

  it('shows the tree and opens the item named by the URL hash on its Settings tab', async () => {
    const { page } = harness;
    await open('sensor1');
    const tree = page.getByRole('tree');
    for (const name of ['root', 'floor1', 'floor2', 'sensor1', 'sensor2']) await tree.getByRole('treeitem', { name }).waitFor();
    expect(await tree.getByRole('treeitem', { name: 'sensor1' }).getAttribute('aria-selected')).toBe('true');
    expect(await page.getByTestId('position-path').textContent()).toBe('root > floor1');
    expect(await page.getByRole('tab', { name: 'Settings', selected: true }).count()).toBe(1);
    await fieldRow('temperature').getByText('Temperature', { exact: true }).waitFor();
    await page.getByTestId('last-received').getByText('N/A').waitFor();
    expect(await page.getByTestId('connected').textContent()).toBe('No');
    // Selecting another row puts its uuid in the hash.
    await tree.getByRole('treeitem', { name: 'sensor2' }).click();
    await page.getByRole('heading', { name: 'sensor2', exact: true }).waitFor();
    expect(new URL(page.url()).hash).toBe(`#${uuids.sensor2}`);
    await page.getByText('(No Input Data)').waitFor();
  });

  it('searches the tree and highlights the matches', async () => {
    const { page } = harness;
    await page.getByRole('textbox', { name: 'Search', exact: true }).fill('FLOOR');
    await page.getByText('Matches: 2').waitFor();
    expect(await page.locator('[data-search-hit="first"]').getAttribute('data-item-name')).toBe('floor1');
    expect(await page.locator('[data-search-hit]').count()).toBe(2);
    await page.getByRole('textbox', { name: 'Search', exact: true }).fill('');
  });

  it('shows Add and Setting on hover for 5 s, and adds an item under a node', async () => {
    const { page } = harness;
    const floor2 = page.getByRole('treeitem', { name: 'floor2' });
    await floor2.hover();
    await floor2.getByRole('button', { name: 'Setting' }).waitFor();
    await page.mouse.move(900, 700);
    await floor2.getByRole('button', { name: 'Add' }).waitFor({ state: 'detached', timeout: 7000 });

    await floor2.hover();
    await floor2.getByRole('button', { name: 'Add' }).click();
    // The add-item wizard (spec 2.11), with the row's node as the parent.
    const dialog = page.getByRole('alertdialog', { name: 'Add a node/device' });
    expect(await dialog.getByRole('combobox', { name: 'Parent' }).inputValue()).toBe('floor2');
    await dialog.getByRole('radio', { name: 'Node' }).check();
    await dialog.getByRole('button', { name: 'Next' }).click();
    const name = dialog.getByRole('textbox', { name: 'Item Name' });
    await name.fill('bad name');
    await dialog.getByText('Only letters, numbers, hyphens (-) and underscores (_) are allowed').waitFor();
    await name.fill('');
    await dialog.getByText('Name is required').waitFor();
    await name.fill('sensor1');
    await dialog.getByText('Name is already used').waitFor();
    expect(await dialog.getByRole('button', { name: 'Next' }).isDisabled()).toBe(true);
    await name.fill('sensor3');
    await expect.poll(() => dialog.getByRole('button', { name: 'Next' }).isEnabled()).toBe(true);
    await dialog.getByRole('button', { name: 'Next' }).click();
    await dialog.getByRole('button', { name: 'Save', exact: true }).click();
    await toast(page, 'Saved!', 'The item has been added.');
    // The tree is reloaded and the new item selected.
    await page.getByRole('heading', { name: 'sensor3', exact: true }).waitFor();
    expect(await page.getByRole('treeitem', { name: 'sensor3' }).getAttribute('aria-selected')).toBe('true');
    expect(await page.getByRole('treeitem', { name: 'sensor3' }).getAttribute('aria-level')).toBe('3');
  });

  it('moves the selection with the keyboard', async () => {
    const { page } = harness;
    await page.getByRole('treeitem', { name: 'floor1' }).click();
    await page.getByRole('heading', { name: 'floor1', exact: true }).waitFor();
    await page.keyboard.press('ArrowDown');
    await page.getByRole('heading', { name: 'sensor1', exact: true }).waitFor();
    await page.keyboard.press('ArrowLeft');
    await page.getByRole('heading', { name: 'floor1', exact: true }).waitFor();
    await page.keyboard.press('ArrowLeft');
    await page.getByRole('treeitem', { name: 'sensor1' }).waitFor({ state: 'detached' });
    await page.keyboard.press('ArrowRight');
    await page.getByRole('treeitem', { name: 'sensor1' }).waitFor();
  });

  it('changes the display name with the save icon', async () => {
    const { page } = harness;
    await open('sensor1');
    await page.getByRole('button', { name: 'Edit the display name' }).click();
    await page.getByRole('textbox', { name: 'Display Name' }).fill('Lobby sensor');
    await page.getByRole('button', { name: 'Save the display name' }).click();
    await page.getByRole('treeitem', { name: 'sensor1' }).getByText('Lobby sensor').waitFor();
    expect((await item('sensor1')).itemDisplayName).toBe('Lobby sensor');
  });

  it('edits the Basic tab: tags appear in the tree, the connection timeout is kept', async () => {
    const { page } = harness;
    await open('sensor1');
    await page.getByRole('tab', { name: 'Basic' }).click();
    expect(await page.getByRole('textbox', { name: 'Description' }).inputValue()).toBe('sensor1 description');
    const timeout = page.getByRole('textbox', { name: /Connection Timeout/ });
    expect(await timeout.getAttribute('placeholder')).toBe('86400');
    await timeout.fill('600');
    await page.getByRole('button', { name: 'Save the connection timeout' }).click();
    await expect.poll(async () => (await item('sensor1')).dataSource.connectionTimeoutSec).toBe(600);

    await page.getByRole('combobox', { name: 'Tags' }).fill('lobby');
    await page.getByRole('button', { name: 'Add a new tag' }).click();
    await page.getByText('lobby', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Save the tags' }).click();
    await expect.poll(async () => (await item('sensor1')).geoInfo.tags).toEqual(['lobby']);
    await page.getByRole('treeitem', { name: 'sensor1' }).getByText('1', { exact: true }).waitFor();
    await page.getByRole('tab', { name: 'Settings' }).click();
  });

  it('toggles Enable and keeps it after a reload', async () => {
    const { page } = harness;
    const enable = page.getByRole('switch', { name: 'Enable', exact: true });
    expect(await enable.isChecked()).toBe(true);
    await enable.click();
    await expect.poll(async () => (await item('sensor1')).enable).toBe(false);
    await page.reload();
    await page.getByRole('heading', { name: 'sensor1', exact: true }).waitFor();
    expect(await page.getByRole('switch', { name: 'Enable', exact: true }).isChecked()).toBe(false);
  });

  it('shows the field settings sections of each signal type', async () => {
    const { page } = harness;
    await open('sensor1');
    await fieldRow('temperature').getByRole('button', { name: 'Field Settings' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Field Settings' });
    const section = (name: string) => dialog.getByRole('region', { name, exact: true });
    await section('Analog Setting').waitFor();
    await section('Spike Filter').waitFor();
    expect(await section('Auto Reset Setting').count()).toBe(0);

    await dialog.getByRole('radio', { name: 'Digital' }).check();
    await section('Logic').waitFor();
    await section('Auto Reset Setting').waitFor();
    expect(await section('Analog Setting').count()).toBe(0);
    expect(await dialog.getByText('Reset when at this value').count()).toBe(0);
    expect(await section('Auto Reset Setting').getByRole('combobox').isDisabled()).toBe(true);

    await dialog.getByRole('radio', { name: 'String' }).check();
    await dialog.getByText('Reset when at this value').waitFor();
    expect(await section('Logic').count()).toBe(0);
    expect(await section('Debounce').count()).toBe(0);

    await dialog.getByRole('radio', { name: 'JSON' }).check();
    expect(await section('Auto Reset Setting').count()).toBe(0);

    await dialog.getByRole('radio', { name: 'Analog' }).check();
    // The icon catalogue: every name in a grid; a click returns it.
    await section('Icon').getByRole('button', { name: 'Icon catalogue' }).click();
    const catalogue = page.getByRole('dialog', { name: 'Icon catalogue' });
    expect(await catalogue.getByRole('listitem').count()).toBeGreaterThan(400);
    await catalogue.getByRole('listitem').getByText('fa-bolt', { exact: true }).click();
    await catalogue.waitFor({ state: 'detached' });
    await section('Icon').getByText('fa-bolt').waitFor();
    // The icon picker: keyword search, click to choose.
    await section('Icon').getByRole('button', { name: 'Select Icon' }).click();
    const picker = page.getByRole('dialog', { name: 'Select an icon' });
    await picker.getByRole('textbox', { name: 'Search icons' }).fill('  TEMPERATURE-HIGH ');
    await picker.getByRole('option', { name: 'fa-temperature-high' }).click();
    await picker.waitFor({ state: 'detached' });
    await section('Icon').getByText('fa-temperature-high').waitFor();
    // Display sequence takes digits only.
    const sequence = section('Display Sequence').getByRole('textbox');
    await sequence.fill('');
    await sequence.pressSequentially('4a-2');
    expect(await sequence.inputValue()).toBe('42');
  });

  it('adds colour ranges, saves them and finds them after a reload', async () => {
    const { page } = harness;
    const dialog = page.getByRole('alertdialog', { name: 'Field Settings' });
    await dialog.getByRole('tab', { name: 'Color Ranges' }).click();
    const ranges = dialog.locator('[data-range]');
    await expect.poll(() => ranges.count()).toBe(1);
    expect(await ranges.nth(0).getByRole('textbox', { name: 'Name', exact: true }).inputValue()).toBe('range1');
    await dialog.getByRole('button', { name: 'Add Range' }).click();
    await dialog.getByRole('button', { name: 'Add Range' }).click();
    await expect.poll(() => ranges.count()).toBe(3);
    // Only the last range can be removed.
    expect(await dialog.getByRole('button', { name: 'Remove the last range' }).count()).toBe(1);
    expect(await ranges.nth(2).getByRole('button', { name: 'Remove the last range' }).count()).toBe(1);
    // No colour renames the range MARGIN.
    await ranges.nth(1).getByRole('combobox', { name: 'Color' }).selectOption('N/A');
    expect(await ranges.nth(1).getByRole('textbox', { name: 'Name', exact: true }).inputValue()).toBe('MARGIN');
    // The notify / task / webhook icons show once the event is enabled.
    expect(await ranges.nth(0).getByRole('button', { name: 'Webhook' }).count()).toBe(0);
    await ranges.nth(0).getByRole('checkbox', { name: 'Event' }).check();
    await ranges.nth(0).getByRole('button', { name: 'Webhook' }).waitFor();
    // A spike filter whose minimum exceeds its maximum is refused: 'Update failed!' and the dialog stays open.
    await dialog.getByRole('tab', { name: 'Settings' }).click();
    const spike = dialog.getByRole('region', { name: 'Spike Filter', exact: true });
    await spike.getByRole('textbox', { name: 'Min' }).fill('200000');
    await dialog.getByRole('button', { name: 'Save', exact: true }).click();
    await toast(page, 'Update failed!');
    expect(await dialog.isVisible()).toBe(true);
    await spike.getByRole('textbox', { name: 'Min' }).fill('0');
    await dialog.getByRole('button', { name: 'Save', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });

    const saved = (await item('sensor1')).input.temperature;
    expect(saved.filter).toEqual({ min: 0, max: 100000 });
    expect(saved.seq).toBe(42);
    expect(saved.icon.name).toBe('fa-temperature-high');
    expect(saved.rangeEnabled).toBe(true);
    expect(saved.rangeSettings.ranges.map((r: { name: string; color: string }) => [r.name, r.color])).toEqual([
      ['range1', 'green'],
      ['MARGIN', 'N/A'],
      ['range3', 'purple'],
    ]);
    expect(saved.rangeSettings.ranges[0].eventSetting.enable).toBe(true);

    await page.reload();
    await fieldRow('temperature').getByRole('button', { name: 'Event trigger condition' }).click();
    const again = page.getByRole('alertdialog', { name: 'Field Settings' });
    await expect.poll(() => again.locator('[data-range]').count()).toBe(3);
    expect(await again.locator('[data-range]').nth(1).getByRole('textbox', { name: 'Name', exact: true }).inputValue()).toBe(
      'MARGIN',
    );
    await again.getByRole('button', { name: 'Close' }).last().click();
  });

  it('overrides a value by free entry or by a range option', async () => {
    const { page } = harness;
    await fieldRow('temperature').getByRole('button', { name: 'Override' }).click();
    let dialog = page.getByRole('alertdialog', { name: 'Override' });
    await dialog.getByRole('checkbox', { name: 'Enable' }).check();
    await dialog.getByRole('spinbutton', { name: 'Value' }).fill('30');
    await dialog.getByRole('button', { name: 'Save', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(async () => (await item('sensor1')).input.temperature.overrideValue).toBe(30);
    expect((await item('sensor1')).input.temperature.overrideValueEnabled).toBe(true);

    await fieldRow('temperature').getByRole('button', { name: 'Override' }).click();
    dialog = page.getByRole('alertdialog', { name: 'Override' });
    await dialog.getByRole('radio', { name: 'Choose from the ranges' }).check();
    await dialog.getByRole('combobox', { name: 'Option' }).selectOption({ label: 'range3 (2)' });
    await dialog.getByRole('button', { name: 'Save', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(async () => (await item('sensor1')).input.temperature.overrideValue).toBe(2);
  });

  it('re-parents an item by drag and drop and keeps the structure after saving', async () => {
    const { page } = harness;
    const tree = page.getByRole('tree');
    const save = page.getByRole('button', { name: 'Save', exact: true });
    expect(await save.isDisabled()).toBe(true);
    expect(await tree.getByRole('treeitem', { name: 'sensor2' }).getAttribute('draggable')).toBe('false');
    await page.getByRole('switch', { name: 'Drag Disabled' }).click();
    await page.getByRole('switch', { name: 'Drag Enabled' }).waitFor();
    await tree.getByRole('treeitem', { name: 'sensor2' }).dragTo(tree.getByRole('treeitem', { name: 'floor2' }));
    await expect.poll(() => tree.getByRole('treeitem', { name: 'sensor2' }).getAttribute('aria-level')).toBe('3');
    await save.click();
    await toast(page, 'Saved!', 'The structure has been saved.');
    await expect.poll(async () => (await item('sensor2')).parentName).toBe('floor2');
    await page.reload();
    await tree.getByRole('treeitem', { name: 'sensor2' }).waitFor();
    const order = await tree.getByRole('treeitem').evaluateAll((rows) => rows.map((row) => row.getAttribute('aria-label')));
    expect(order).toEqual(['root', 'floor1', 'sensor1', 'floor2', 'th1', 'sensor3', 'sensor2']);
  });

  it('shows live values, the raw data of the item and its chart', async () => {
    const { page } = harness;
    await open('th1');
    await page.getByTestId('last-received').getByText('N/A').waitFor();
    const sink = harness.server.running.resolve(DataSourceSinkToken);
    let n = 0;
    const send = (value: number) =>
      sink.ingest([
        {
          source: 'chirpstack',
          deviceId: 'a1b2c3d4e5f60001',
          dedupKey: `e2e-${++n}`,
          receivedAt: new Date(),
          fields: { temperature: value },
          raw: { object: { temperature: value } },
          meta: { rssi: -71, snr: 9 },
        },
      ]);
    expect(await send(21.54)).toMatchObject({ stored: 1 });
    // The value arrives by the push, without a reload.
    await fieldRow('temperature').getByTestId('field-value').getByText('21.5 °C').waitFor();
    await page.getByTestId('connected').getByText('Yes').waitFor();
    expect(await page.getByTestId('last-received').textContent()).toMatch(/^\d\d\/\d\d\/\d{4} \d\d:\d\d:\d\d \(/);
    await send(23);
    await fieldRow('temperature').getByTestId('field-value').getByText('23.0 °C').waitFor();

    await page.getByRole('tab', { name: 'Data History' }).click();
    const table = page.getByRole('table', { name: 'Raw data' });
    await expect.poll(() => table.getByRole('row').count()).toBe(3);
    await table.getByText('rssi: -71').first().waitFor();
    await table.getByRole('button', { name: 'Raw' }).first().click();
    await page.getByRole('dialog', { name: 'Raw' }).getByText('"temperature": 23').waitFor();
    await page.getByRole('dialog', { name: 'Raw' }).getByRole('button', { name: 'Close' }).click();
    // Real-time mode polls: a new uplink shows up without touching the page.
    await send(24);
    await expect.poll(() => table.getByRole('row').count(), { timeout: 8000 }).toBe(4);

    // Export Excel downloads data_history.xlsx, built by the server.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export Excel' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('data_history.xlsx');
    // History mode: the last day by default, pages of 10 / 50 / 100.
    await page.getByRole('tab', { name: 'History', exact: true }).click();
    await expect.poll(() => table.getByRole('row').count()).toBe(4);
    await page.getByText('1–3 of 3').waitFor();
    await page.getByRole('tab', { name: 'Real-time' }).click();

    await page.getByRole('tab', { name: 'Chart' }).click();
    await page.getByTestId('chart-temperature').locator('canvas').waitFor();
    // Tabs are kept alive: back on Data History the rows are still there.
    await page.getByRole('tab', { name: 'Data History' }).click();
    expect(await table.getByRole('row').count()).toBe(4);
  });

  it('opens the tree read-only for a user without the nodemanagement permission', async () => {
    // An end-customer user of the application's end customer, in a group without permissions.
    const directory = harness.server.running.container.resolve(UserDirectoryToken);
    const group = await directory.createGroup({ name: 'viewers', permissions: [] });
    await directory.createUser({
      username: 'viewer',
      password: 'viewer-password-1',
      level: 'end-customer',
      groupId: group.id,
      endCustomerId: 'end_default',
    });
    const page = await harness.newSession();
    page.setDefaultTimeout(10_000);
    await page.goto(harness.url('/auth/login'));
    await page.getByLabel(/username/i).fill('viewer');
    await page.getByLabel(/password/i).fill('viewer-password-1');
    await page.getByRole('button', { name: /log ?in/i }).click();
    await page.waitForURL((url) => !url.pathname.startsWith('/auth/login'));
    await page.goto(harness.url(`/app/${APP}/node-management#${uuids.sensor1}`));
    await page.getByRole('heading', { name: 'sensor1', exact: true }).waitFor();
    await page.getByRole('treeitem', { name: 'floor1' }).waitFor();
    expect(await page.getByRole('switch', { name: 'Drag Disabled' }).isDisabled()).toBe(true);
    expect(await page.getByRole('switch', { name: 'Enable', exact: true }).isDisabled()).toBe(true);
    expect(await page.getByRole('button', { name: 'Edit the display name' }).isDisabled()).toBe(true);
    expect(await page.getByRole('button', { name: 'Delete' }).isDisabled()).toBe(true);
    // The application menu offers Node Management to everyone who sees the application.
    expect(await page.getByRole('navigation').getByRole('button', { name: 'Node Management' }).isEnabled()).toBe(true);

    // An unknown application goes to the not-found page.
    await page.goto(harness.url('/app/no_such_app/node-management'));
    await page.waitForURL(/\/auth\/not-found$/);
    // Back to the admin for the next test.
    await harness.newSession();
    await harness.login();
    harness.page.setDefaultTimeout(10_000);
    await open('sensor2');
  });

  it('refuses to delete the root and deletes an item after confirming', async () => {
    const { page } = harness;
    await page.getByRole('treeitem', { name: 'root' }).click();
    await page.getByRole('heading', { name: 'root', exact: true }).waitFor();
    await page.getByRole('button', { name: 'Delete' }).click();
    await toast(page, 'Not Allowed: You are not allowed to delete the root item.');

    await page.getByRole('treeitem', { name: 'sensor2' }).click();
    await page.getByRole('heading', { name: 'sensor2', exact: true }).waitFor();
    await page.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Cancel' }).click();
    await toast(page, 'Cancelled');
    await page.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await toast(page, 'Deleted!', 'This item has been deleted.');
    await page.getByRole('treeitem', { name: 'sensor2' }).waitFor({ state: 'detached' });
    expect((await api('GET', `/items/${uuids.sensor2}`)).status).toBe(404);
  });
});

import { randomUUID } from 'node:crypto';
import { connectAsync, type MqttClient } from 'mqtt';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startConsole, type Console } from './support/e2e';

const APP = 'e2e_wizard';
const BASE = `/api/node-structure-item/${APP}`;
/** A seeded LoRa device profile (Dragino LHT65: TempC_SHT °C, Hum_SHT %, BatV V; two interval commands). */
const LHT65 = '6a1c1e0e-0001-4c5e-9a51-0000000000a1';
const DEV_EUI = 'a84041000181c61d';

/** A 300×150 PNG drawn by the browser, for the floor plan and site image uploads. */
async function drawnPng(page: Page): Promise<Buffer> {
  const data = await page.evaluate(() => {
    const canvas = document.createElement('canvas');
    canvas.width = 300;
    canvas.height = 150;
    const context = canvas.getContext('2d')!;
    context.fillStyle = '#dde';
    context.fillRect(0, 0, 300, 150);
    return canvas.toDataURL('image/png').split(',')[1]!;
  });
  return Buffer.from(data, 'base64');
}

async function toast(page: Page, title: string, body?: string) {
  const shown = page.locator('.fui-Toast', { has: page.locator('.fui-ToastTitle', { hasText: title }) });
  await shown.first().waitFor();
  if (body) await shown.first().getByText(body).waitFor();
}

// The add-item wizard (node spec 2.11, 5), the range dialogs (2.7–2.9), floor plan and location picker (2.2, 2.4) and
// live values from a ChirpStack uplink over MQTT, in a real Chromium against the real server.
describe('node wizard, dialogs, maps and live uplinks', () => {
  let harness: Console;
  let token: string;
  let device: MqttClient;
  let fCnt = 0;

  const api = (method: string, path: string, body?: unknown) => harness.server.request(method, `${BASE}${path}`, { token, body });
  const treeRow = (name: string) => harness.page.getByRole('tree').getByRole('treeitem', { name, exact: true });
  const itemByName = async (name: string) => {
    const { items } = (await api('GET', '/tree')).body as { items: { uuid: string; itemName: string }[] };
    const row = items.find((entry) => entry.itemName === name);
    return row ? (await api('GET', `/items/${row.uuid}`)).body : null;
  };
  const wizard = () => harness.page.getByRole('alertdialog', { name: 'Add a node/device' });
  const openWizardUnder = async (parent: string) => {
    await treeRow(parent).hover();
    await treeRow(parent).getByRole('button', { name: 'Add' }).click();
    await wizard().waitFor();
  };
  const uplink = async (object: Record<string, unknown>) => {
    const message = {
      deduplicationId: randomUUID(),
      time: new Date().toISOString(),
      deviceInfo: { tenantId: 't', applicationId: 'cs-app', deviceName: 'cs1', devEui: DEV_EUI },
      devAddr: '01020304',
      dr: 5,
      fCnt: ++fCnt,
      fPort: 2,
      data: 'AQI=',
      object,
      rxInfo: [{ gatewayId: '0016c001ff10a235', uplinkId: 1, rssi: -87, snr: 9.5 }],
    };
    const prefix = harness.server.mqtt!.topicPrefix;
    await device.publishAsync(`${prefix}application/cs-app/device/${DEV_EUI}/event/up`, JSON.stringify(message), { qos: 1 });
  };

  beforeAll(async () => {
    harness = await startConsole({ mqtt: true });
    token = (await harness.server.login()).access_token;
    const app = await harness.server.request('POST', '/api/application/new/', {
      token,
      body: { id: APP, name: 'E2E Wizard', endCustomerId: 'end_default' },
    });
    expect(app.status).toBe(201);
    expect((await api('GET', '/tree')).status).toBe(200);
    const broker = harness.server.mqtt!;
    device = await connectAsync(broker.url, {
      clientId: `e2e-device-${randomUUID().slice(0, 8)}`,
      username: broker.username,
      password: broker.password,
      reconnectPeriod: 100,
    });
    await harness.login();
    harness.page.setDefaultTimeout(10_000);
    await harness.page.goto(harness.url(`/app/${APP}/node-management`));
    await treeRow('root').waitFor();
  });
  afterAll(async () => {
    await device?.endAsync(true);
    await harness?.close();
  });

  it('adds a node by the wizard with every item name message', async () => {
    const { page } = harness;
    await openWizardUnder('root');
    const dialog = wizard();
    // Next is disabled until the step is valid: no type chosen yet.
    expect(await dialog.getByRole('button', { name: 'Next' }).isDisabled()).toBe(true);
    expect(await dialog.getByRole('combobox', { name: 'Parent' }).inputValue()).toBe('root');
    await dialog.getByRole('radio', { name: 'Node' }).check();
    await dialog.getByRole('button', { name: 'Next' }).click();
    const name = dialog.getByRole('textbox', { name: 'Item Name' });
    await name.fill('site 1');
    await dialog.getByText('Only letters, numbers, hyphens (-) and underscores (_) are allowed').waitFor();
    await name.fill('');
    await dialog.getByText('Name is required').waitFor();
    await name.fill('root');
    await dialog.getByText('Name is already used').waitFor();
    expect(await dialog.getByRole('button', { name: 'Next' }).isDisabled()).toBe(true);
    // A free jump to step 3 lists the problems of step 2 in the error panel.
    await dialog.getByRole('tab', { name: '3. Extra Settings' }).click();
    await dialog.getByRole('alert').getByText('Name is already used').waitFor();
    expect(await dialog.getByRole('button', { name: 'Save' }).isDisabled()).toBe(true);
    await dialog.getByRole('tab', { name: '2. Basic Information' }).click();
    await name.fill('  site1 ');
    await dialog.getByRole('textbox', { name: 'Description' }).fill(' Main site ');
    await expect.poll(() => dialog.getByRole('button', { name: 'Next' }).isEnabled()).toBe(true);
    await dialog.getByRole('button', { name: 'Next' }).click();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await toast(page, 'Saved!', 'The item has been added.');
    // The tree is reloaded and the new node is selected.
    await page.getByRole('heading', { name: 'site1', exact: true }).waitFor();
    expect(await treeRow('site1').getAttribute('aria-selected')).toBe('true');
    expect(await treeRow('site1').getAttribute('aria-level')).toBe('2');
    const site = await itemByName('site1');
    expect(site).toMatchObject({ itemType: 'node', parentName: 'root', itemDescription: 'Main site' });
  });

  it('checks the crawler and TTN forms and adds a TTS device with masked keys', async () => {
    const { page } = harness;
    await openWizardUnder('site1');
    const dialog = wizard();
    await dialog.getByRole('radio', { name: 'Device' }).check();
    await dialog.getByRole('button', { name: 'Next' }).click();
    await dialog.getByRole('textbox', { name: 'Item Name' }).fill('tts1');
    const source = dialog.getByRole('combobox', { name: 'Data Source' });

    // Crawler: empty URL, then an invalid one.
    await source.selectOption({ label: 'Crawler' });
    const url = dialog.getByRole('textbox', { name: 'Target API URL' });
    await url.focus();
    await url.blur();
    await dialog.getByText('Please fill out the form.').waitFor();
    await url.fill('not a url');
    await dialog.getByText('Invalid URL.').waitFor();
    expect(await dialog.getByRole('button', { name: 'Next' }).isDisabled()).toBe(true);

    // The Things Stack: the masks format the keys; incomplete ones are refused.
    await source.selectOption({ label: 'The Things Stack (TTN)' });
    await dialog.getByRole('textbox', { name: 'Device ID (The Things Stack)' }).fill('eui-70b3d57ed005a1b2');
    // Device ids are unique only within a TTS application: the wizard asks for it.
    const application = dialog.getByRole('textbox', { name: 'Application ID (The Things Stack)' });
    await application.fill('Parking Lot');
    await application.blur();
    await dialog
      .getByText('Please enter the application ID (lower-case letters, digits and hyphens, optionally @tenant).')
      .waitFor();
    await application.fill('parking-lot');
    await dialog.getByRole('combobox', { name: 'Activate Method' }).selectOption('OTAA');
    const devEui = dialog.getByRole('textbox', { name: 'Dev EUI' });
    await devEui.fill('70b3d57ed005a1b2');
    expect(await devEui.inputValue()).toBe('70-B3-D5-7E-D0-05-A1-B2');
    const appEui = dialog.getByRole('textbox', { name: 'App EUI' });
    await appEui.fill('0000');
    await appEui.blur();
    await dialog.getByText('Please fill out the form.').first().waitFor();
    expect(await dialog.getByRole('button', { name: 'Next' }).isDisabled()).toBe(true);
    await appEui.fill('0000000000000001');
    expect(await appEui.inputValue()).toBe('00-00-00-00-00-00-00-01');
    await dialog.getByRole('textbox', { name: 'App Key' }).fill('00112233445566778899aabbccddeeffXYZ00');
    expect(await dialog.getByRole('textbox', { name: 'App Key' }).inputValue()).toBe(
      '00-11-22-33-44-55-66-77-88-99-AA-BB-CC-DD-EE-FF',
    );
    await expect.poll(() => dialog.getByRole('button', { name: 'Next' }).isEnabled()).toBe(true);
    await dialog.getByRole('button', { name: 'Next' }).click();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await toast(page, 'Saved!', 'The item has been added.');
    await page.getByRole('heading', { name: 'tts1', exact: true }).waitFor();
    expect(await treeRow('tts1').getAttribute('aria-level')).toBe('3');
    const tts = await itemByName('tts1');
    expect(tts.parentName).toBe('site1');
    expect(tts.dataSource).toMatchObject({
      type: 'ttn',
      deviceEUI: 'eui-70b3d57ed005a1b2',
      application: 'parking-lot',
      activateMethod: 'OTAA',
      devEUI: '70-B3-D5-7E-D0-05-A1-B2',
      appEUI: '00-00-00-00-00-00-00-01',
      appKey: '00-11-22-33-44-55-66-77-88-99-AA-BB-CC-DD-EE-FF',
    });
  });

  it('adds a ChirpStack device with a device profile and a DevEUI', async () => {
    const { page } = harness;
    await openWizardUnder('site1');
    const dialog = wizard();
    await dialog.getByRole('radio', { name: 'Device' }).check();
    await dialog.getByRole('button', { name: 'Next' }).click();
    await dialog.getByRole('textbox', { name: 'Item Name' }).fill('cs1');
    expect(await dialog.getByRole('combobox', { name: 'Data Source' }).inputValue()).toBe('chirpstack');
    const eui = dialog.getByRole('textbox', { name: 'Device EUI' });
    await eui.fill('A8404100018');
    await eui.blur();
    await dialog.getByText('Please fill out the form.').first().waitFor();
    await eui.fill(DEV_EUI.toUpperCase());
    expect(await eui.inputValue()).toBe(DEV_EUI);
    await dialog.getByRole('textbox', { name: 'OTAA Key (AppKey)' }).fill('00112233445566778899aabbccddeeff');
    // The device profile is required.
    expect(await dialog.getByRole('button', { name: 'Next' }).isDisabled()).toBe(true);
    await dialog.getByRole('combobox', { name: 'Device Profile' }).selectOption(LHT65);
    await expect.poll(() => dialog.getByRole('button', { name: 'Next' }).isEnabled()).toBe(true);
    await dialog.getByRole('button', { name: 'Next' }).click();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await toast(page, 'Saved!', 'The item has been added.');
    await page.getByRole('heading', { name: 'cs1', exact: true }).waitFor();
    const cs1 = await itemByName('cs1');
    expect(cs1.dataSource).toMatchObject({
      type: 'chirpstack',
      deviceEUI: DEV_EUI,
      deviceProfile: LHT65,
      sensorType: 'Dragino LHT65 Temperature & Humidity',
    });
    expect(cs1.dataSource.commands.map((command: { id: string }) => command.id)).toEqual([
      'lht65-interval-10m',
      'lht65-interval-20m',
    ]);
    // The profile's fields are listed at once.
    expect(Object.keys(cs1.input).sort()).toEqual(['BatV', 'Hum_SHT', 'TempC_SHT']);
    expect(cs1.input.TempC_SHT).toMatchObject({ unit: '°C', decimalPlace: 1 });
    await page.locator('tr[data-field="TempC_SHT"]').waitFor();
  });

  it('configures a red range with an event and its notification, task and webhook', async () => {
    const { page } = harness;
    const row = page.locator('tr[data-field="TempC_SHT"]');
    await row.getByRole('button', { name: 'Event trigger condition' }).click();
    let dialog = page.getByRole('alertdialog', { name: 'Field Settings' });
    let ranges = dialog.locator('[data-range]');
    await expect.poll(() => ranges.count()).toBe(1);
    await ranges.nth(0).getByRole('textbox', { name: 'End' }).fill('30');
    await dialog.getByRole('button', { name: 'Add Range' }).click();
    await expect.poll(() => ranges.count()).toBe(2);
    await ranges.nth(1).getByRole('combobox', { name: 'Color' }).selectOption('red');
    await ranges.nth(1).getByRole('textbox', { name: 'Name', exact: true }).fill('hot');
    // The notify / task / webhook icons appear once the range's event is enabled.
    expect(await ranges.nth(1).getByRole('button', { name: 'Notification' }).count()).toBe(0);
    await ranges.nth(1).getByRole('checkbox', { name: 'Event' }).check();
    await ranges.nth(1).getByRole('button', { name: 'Notification' }).waitFor();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'detached' });
    const saved = (await itemByName('cs1')).input.TempC_SHT;
    expect(saved.rangeSettings.ranges.map((r: { name: string; color: string }) => [r.name, r.color])).toEqual([
      ['range1', 'green'],
      ['hot', 'red'],
    ]);

    await row.getByRole('button', { name: 'Event trigger condition' }).click();
    dialog = page.getByRole('alertdialog', { name: 'Field Settings' });
    ranges = dialog.locator('[data-range]');
    const hot = ranges.nth(1);
    expect(await hot.getByRole('button', { name: 'Notification' }).getAttribute('data-on')).toBe('false');

    // Notification: channels saved through the API; the icon is highlighted.
    await hot.getByRole('button', { name: 'Notification' }).click();
    const notification = page.getByRole('alertdialog', { name: 'Notification Setting' });
    await notification.getByRole('checkbox', { name: 'SMS' }).check();
    await notification.getByRole('checkbox', { name: 'Voice' }).check();
    await notification.getByRole('button', { name: 'Save' }).click();
    await notification.waitFor({ state: 'detached' });
    await expect.poll(() => hot.getByRole('button', { name: 'Notification' }).getAttribute('data-on')).toBe('true');
    const notify = (await itemByName('cs1')).input.TempC_SHT.rangeSettings.ranges[1].notificationSetting;
    expect(notify).toMatchObject({ smsEnabled: true, voiceEnabled: true, emailEnabled: false, whatsappEnabled: false });

    // Task: the command select opens once the block is on and its device has commands.
    await hot.getByRole('button', { name: 'Task' }).click();
    const task = page.getByRole('alertdialog', { name: 'Task Setting' });
    const created = task.getByRole('region', { name: 'Task when the event is created' });
    const command = created.getByRole('combobox', { name: 'Command' });
    await created.getByRole('checkbox', { name: 'Enable' }).check();
    expect(await command.isDisabled()).toBe(true);
    await created.getByLabel('Device').fill('cs1');
    await expect.poll(() => command.isEnabled()).toBe(true);
    await command.selectOption({ label: 'Set uplink interval 10 min' });
    await task.getByRole('button', { name: 'Save' }).click();
    await task.waitFor({ state: 'detached' });
    await expect.poll(() => hot.getByRole('button', { name: 'Task' }).getAttribute('data-on')).toBe('true');
    const savedTask = (await itemByName('cs1')).input.TempC_SHT.rangeSettings.ranges[1].eventSetting.task;
    expect(savedTask.taskCreated).toMatchObject({ device: 'cs1', commandId: 'lht65-interval-10m', enable: true });

    // Webhook: every validation message, then kept by the Field Settings' Save.
    await hot.getByRole('button', { name: 'Webhook' }).click();
    const webhook = page.getByRole('alertdialog', { name: 'Webhook' });
    const save = webhook.getByRole('button', { name: 'Save' });
    const urlBox = webhook.getByRole('textbox', { name: 'URL' });
    await urlBox.focus();
    await urlBox.blur();
    await webhook.getByText('Url is required').waitFor();
    await urlBox.fill('ftp://example.com');
    await webhook.getByText('Please enter a valid URL (http:// or https://)').waitFor();
    expect(await save.isDisabled()).toBe(true);
    await webhook.getByRole('combobox', { name: 'HTTP Method' }).evaluate((select: HTMLSelectElement) => {
      // A method outside GET / POST (or none) is refused.
      const none = document.createElement('option');
      none.value = '';
      select.append(none);
    });
    await webhook.getByRole('combobox', { name: 'HTTP Method' }).selectOption('');
    await webhook.getByText('Method is required').waitFor();
    await webhook.getByRole('combobox', { name: 'HTTP Method' }).selectOption('POST');
    await urlBox.fill('https://hooks.example.com/alarm');
    await webhook.getByRole('textbox', { name: 'Headers' }).fill('{"X-Key": ');
    await webhook.getByText('Please enter valid JSON format or leave empty').waitFor();
    expect(await save.isDisabled()).toBe(true);
    await webhook.getByRole('textbox', { name: 'Headers' }).fill('{"X-Key": "1"}');
    await webhook.getByRole('textbox', { name: 'Body' }).fill('{"value": "{{currentOutputValue}}"}');
    await expect.poll(() => save.isEnabled()).toBe(true);
    await save.click();
    await webhook.waitFor({ state: 'detached' });
    expect(await hot.getByRole('button', { name: 'Webhook' }).getAttribute('data-on')).toBe('true');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'detached' });
    const range = (await itemByName('cs1')).input.TempC_SHT.rangeSettings.ranges[1];
    expect(range.webhookSetting).toMatchObject({ enable: true, method: 'POST', url: 'https://hooks.example.com/alarm' });
    // The Field Settings' Save kept what the dialogs stored.
    expect(range.notificationSetting.smsEnabled).toBe(true);
    expect(range.eventSetting.task.taskCreated.enable).toBe(true);
  });

  it('shows an MQTT uplink live and raises the event when the value crosses into the red range', async () => {
    const { page } = harness;
    const row = page.locator('tr[data-field="TempC_SHT"]');
    const eventSeverity = page.getByRole('tabpanel').getByLabel('Event Severity', { exact: true });
    expect(await eventSeverity.textContent()).toBe('0');
    await uplink({ TempC_SHT: 21.54, Hum_SHT: 40, BatV: 3.05 });
    await row.getByTestId('field-value').getByText('21.5 °C').waitFor();
    await page.getByTestId('connected').getByText('Yes').waitFor();
    await row.getByTestId('field-status').getByText('range1').waitFor();
    expect(await eventSeverity.textContent()).toBe('0');

    await uplink({ TempC_SHT: 35.2, Hum_SHT: 41, BatV: 3.04 });
    await row.getByTestId('field-value').getByText('35.2 °C').waitFor();
    await row.getByTestId('field-status').getByText('hot').waitFor();
    await expect.poll(() => eventSeverity.textContent()).toBe('4');
    await expect.poll(async () => (await itemByName('cs1')).status.eventSeverity).toBe(4);
  });

  it('adds a floor plan, pins an item on it and deletes it', async () => {
    const { page } = harness;
    const png = await drawnPng(page);
    await treeRow('site1').click();
    await page.getByRole('heading', { name: 'site1', exact: true }).waitFor();
    await page.getByRole('tab', { name: 'Basic' }).click();
    const basic = page.getByRole('tabpanel');
    // Nothing to show yet: no map.
    expect(await basic.getByRole('application', { name: 'Map' }).count()).toBe(0);
    await basic.getByLabel('Choose a floor plan image').setInputFiles({ name: 'plan.png', mimeType: 'image/png', buffer: png });
    await toast(page, 'The floor plan has been created.');
    const plan = basic.getByRole('img', { name: 'Floor Plan' });
    await expect.poll(() => plan.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(300);
    expect((await itemByName('site1')).geoInfo.floorPlan.origin.image).toBeTruthy();
    await treeRow('site1').getByRole('img', { name: 'Floor plan' }).waitFor();

    // A pin: choose a child item, click on the plan, save.
    await basic.getByRole('combobox', { name: 'Item to place' }).click();
    await page.getByRole('option', { name: 'cs1' }).click();
    const box = (await plan.boundingBox())!;
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    await basic.getByRole('button', { name: 'Save pins' }).click();
    await toast(page, 'The pins have been saved.');
    const [pin] = (await itemByName('site1')).geoInfo.floorPlan.pins;
    expect(pin.itemName).toBe('cs1');
    expect(pin.x).toBeCloseTo(0.5, 1);
    expect(pin.y).toBeCloseTo(0.5, 1);
    await basic.locator('[data-pin="cs1"]').waitFor();

    await basic.getByRole('button', { name: 'Delete floor plan' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Are you sure to delete the floor plan?' });
    await confirm.getByRole('button', { name: 'Yes' }).click();
    await toast(page, 'Deleted!', 'The floor plan is deleted successfully.');
    await basic.getByRole('button', { name: 'Create a floor plan' }).waitFor();
    expect((await itemByName('site1')).geoInfo.floorPlan).toBeUndefined();
  });

  it('picks a location on the map and saves it rounded to 6 decimals', async () => {
    const { page } = harness;
    const basic = page.getByRole('tabpanel');
    await basic.getByRole('button', { name: 'Pick location' }).click();
    const picker = page.getByRole('alertdialog', { name: 'Select Location' });
    const map = picker.getByRole('application', { name: 'Map' });
    await map.waitFor();
    // No item position or address: the default centre.
    expect(await picker.getByTestId('picked-lat').textContent()).toBe('22.396400');
    const box = (await map.boundingBox())!;
    await page.mouse.click(box.x + box.width * 0.7, box.y + box.height * 0.3);
    await expect.poll(() => picker.getByTestId('picked-lat').textContent()).not.toBe('22.396400');
    const lat = Number(await picker.getByTestId('picked-lat').textContent());
    const lng = Number(await picker.getByTestId('picked-lng').textContent());
    await picker.getByRole('button', { name: 'Select Location' }).click();
    await picker.waitFor({ state: 'detached' });
    await expect.poll(async () => (await itemByName('site1')).geoInfo.site?.geoCoordinates).toEqual([lng, lat]);
    const [savedLng, savedLat] = (await itemByName('site1')).geoInfo.site.geoCoordinates as number[];
    for (const value of [savedLng!, savedLat!]) expect(Math.round(value * 1e6) / 1e6).toBe(value);
    expect(lat).toBeGreaterThan(22.3964);
    expect(lng).toBeGreaterThan(114.1095);
    // Now there is something to show: the single-location map.
    await basic.getByRole('application', { name: 'Map' }).waitFor();
    await basic.getByText(`Latitude: ${lat.toFixed(6)}, Longitude: ${lng.toFixed(6)}`).waitFor();
    await treeRow('site1').getByRole('img', { name: 'GPS location' }).waitFor();
  });

  it('uploads a site image and refuses other files', async () => {
    const { page } = harness;
    const basic = page.getByRole('tabpanel');
    await basic.getByText('No site image available').waitFor();
    const upload = basic.getByLabel('Upload Image', { exact: true });
    await upload.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not an image') });
    await basic.getByText('Please select an image file').waitFor();
    await upload.setInputFiles({ name: 'site.png', mimeType: 'image/png', buffer: await drawnPng(page) });
    await toast(page, 'The site image has been saved.');
    const image = basic.getByRole('img', { name: 'Site Image' });
    await expect.poll(() => image.evaluate((element: HTMLImageElement) => element.naturalWidth)).toBe(300);
    expect((await itemByName('site1')).geoInfo.site.image).toBeTruthy();
  });
});

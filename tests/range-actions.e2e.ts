import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startConsole, type Console } from './support/e2e';

const APP = 'e2e_range_actions';
const BASE = `/api/node-structure-item/${APP}`;

/** A temperature field whose first range raises an event, so its notification, task and webhook buttons show. */
const temperature = {
  frontendDisplay: true,
  displayName: 'Temperature',
  signal: 'analog',
  rangeEnabled: true,
  rangeSettings: {
    ranges: [
      {
        name: 'hot',
        color: 'red',
        icon: 'fa-fire',
        value: 0,
        startNum: 30,
        endNum: 100,
        eventSetting: { name: 'too hot', enable: true, allowAutoClear: false },
      },
    ],
  },
};

// The range actions of node spec 2.7 to 2.9, contributed by notifications (Notification Setting) and event-actions
// (Task Setting, Webhook) to the nodes range editor, in a real Chromium against the real server.
describe('range actions', () => {
  let harness: Console;
  let token: string;
  let uuid = '';
  const api = (method: string, path: string, body?: unknown) => harness.server.request(method, path, { token, body });
  const stored = async () => (await api('GET', `${BASE}/items/${uuid}`)).body.input.temperature.rangeSettings.ranges[0];
  const fieldSettings = () => harness.page.getByRole('alertdialog', { name: 'Field Settings' });
  const range = () => fieldSettings().locator('[data-range]').nth(0);

  beforeAll(async () => {
    harness = await startConsole();
    token = (await harness.server.login()).access_token;
    const app = await api('POST', '/api/application/new/', { id: APP, name: 'E2E Ranges', endCustomerId: 'end_default' });
    expect(app.status).toBe(201);
    expect((await api('GET', `${BASE}/tree`)).status).toBe(200);
    const add = async (itemName: string, input: Record<string, unknown>) => {
      const created = await api('POST', `${BASE}/items`, {
        parentName: 'root',
        newItem: { itemType: 'item', itemName, dataSource: { type: 'api' }, input },
      });
      expect(created.status).toBe(201);
      return created.body.uuid as string;
    };
    uuid = await add('sensor1', { temperature });
    await add('pump1', {});
    const contact = { name: 'Ann Lee', email: 'ann@example.com', department: 'Facilities', emailEnable: false };
    expect((await api('POST', `/api/notifications/${APP}/contacts`, contact)).status).toBe(201);
    await harness.login();
    harness.page.setDefaultTimeout(10_000);
  });
  afterAll(() => harness?.close());

  it('sets a range’s notification: contacts from the Notification Client list, SMS length, a bold e-mail template', async () => {
    const { page } = harness;
    await page.goto(harness.url(`/app/${APP}/node-management#${uuid}`));
    await page.locator('tr[data-field="temperature"]').getByRole('button', { name: 'Event trigger condition' }).click();
    await range().getByRole('button', { name: 'Notification', exact: true }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Notification Setting' });
    await dialog.getByRole('checkbox', { name: 'Email' }).check();
    await dialog.getByRole('button', { name: 'Contacts' }).click();
    await dialog.getByRole('cell', { name: 'Ann Lee' }).waitFor();
    await dialog.getByRole('cell', { name: 'ann@example.com (Unsubscribed)' }).waitFor();

    await dialog.getByRole('textbox', { name: 'SMS/Whatsapp Template' }).fill('Hot: {{currentOutputValue}}');
    await dialog.getByText('31 characters, 1 SMS').waitFor();
    await dialog.getByRole('textbox', { name: 'SMS/Whatsapp Template' }).fill('溫度過高');
    await dialog.getByText('4 characters (Unicode), 1 SMS').waitFor();

    await dialog.getByRole('tab', { name: 'Email Template' }).click();
    const editor = dialog.getByRole('textbox', { name: 'Email Template' });
    await editor.click();
    await page.keyboard.type('Too hot ');
    await dialog.getByRole('button', { name: 'Bold' }).click();
    await page.keyboard.type('now');
    await dialog.getByRole('button', { name: 'Template variables' }).click();
    await dialog.getByRole('button', { name: /Item name/ }).click();
    await editor.getByText('{{itemName}}').waitFor();

    // Escalation: the server's limits show under the box and keep Save disabled.
    const escalation = dialog.getByRole('group', { name: 'Escalation' });
    await escalation.getByRole('checkbox', { name: 'Escalate while the event is not acknowledged' }).check();
    await escalation.getByRole('spinbutton', { name: 'Every (minutes)' }).fill('0');
    await escalation.getByText('This field must be at least 1.').waitFor();
    expect(await dialog.getByRole('button', { name: 'Save' }).isDisabled()).toBe(true);
    await escalation.getByRole('spinbutton', { name: 'Every (minutes)' }).fill('15');
    await escalation.getByRole('spinbutton', { name: 'Repeats' }).fill('2');
    await escalation.getByRole('checkbox', { name: 'Then the next priority' }).check();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'detached' });

    // The range was stored, so the dialog stored its setting at once.
    const setting = (await stored()).notificationSetting;
    expect(setting).toMatchObject({ emailEnabled: true, smsTemplate: '溫度過高' });
    expect(setting.emailTemplate).toMatch(/Too hot .*<(b|strong)>(<strong>)?now/);
    expect(setting.emailTemplate).toContain('{{itemName}}');
    expect(setting.emailTemplate).not.toMatch(/style=|class=/);
    expect(setting.escalation).toEqual({ enable: true, everyMinutes: 15, repeats: 2, nextPriority: true });
    expect(await range().getByRole('button', { name: 'Notification', exact: true }).getAttribute('data-on')).toBe('true');

    // Reopened, the dialog shows the saved escalation.
    await range().getByRole('button', { name: 'Notification', exact: true }).click();
    const reopened = page.getByRole('group', { name: 'Escalation' });
    expect(await reopened.getByRole('spinbutton', { name: 'Every (minutes)' }).inputValue()).toBe('15');
    expect(await reopened.getByRole('spinbutton', { name: 'Repeats' }).inputValue()).toBe('2');
    expect(await reopened.getByRole('checkbox', { name: 'Then the next priority' }).isChecked()).toBe(true);
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'detached' });
  });

  it('sets a range’s task with a device of the application', async () => {
    const { page } = harness;
    await range().getByRole('button', { name: 'Task', exact: true }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Task Setting' });
    const created = dialog.getByRole('region', { name: 'Task when the event is created' });
    await created.getByRole('combobox', { name: 'Device' }).fill('pump1');
    expect(await created.getByRole('combobox', { name: 'Command' }).isDisabled()).toBe(true);
    await created.getByRole('checkbox', { name: 'Enable' }).check();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect((await stored()).eventSetting.task.taskCreated).toEqual({ enable: true, device: 'pump1', commandId: '' });
  });

  it('keeps a range’s webhook until the Field Settings are saved, refusing a bad URL', async () => {
    const { page } = harness;
    await range().getByRole('button', { name: 'Webhook', exact: true }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Webhook' });
    await dialog.getByRole('textbox', { name: 'URL' }).fill('ftp://hooks.example');
    await dialog.getByText('Please enter a valid URL (http:// or https://)').waitFor();
    expect(await dialog.getByRole('button', { name: 'Save' }).isDisabled()).toBe(true);
    await dialog.getByRole('textbox', { name: 'URL' }).fill('https://hooks.example/hot');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect((await stored()).webhookSetting?.url).toBeUndefined();
    await fieldSettings().getByRole('button', { name: 'Save' }).click();
    await fieldSettings().waitFor({ state: 'detached' });
    expect((await stored()).webhookSetting).toMatchObject({ enable: true, method: 'GET', url: 'https://hooks.example/hot' });
  });
});

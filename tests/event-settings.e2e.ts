import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startConsole, type Console } from './support/e2e';

const APP = 'e2e_rules';

// Event Setting (shell spec §2.3, accounts spec §3 vocabulary) in a real Chromium against the real server.
describe('event setting', () => {
  let harness: Console;
  let token: string;
  const rules = () => harness.server.request('GET', `/api/system-events-api/${APP}/event-settings`, { token });

  beforeAll(async () => {
    harness = await startConsole();
    token = (await harness.server.login()).access_token;
    const app = await harness.server.request('POST', '/api/application/new/', {
      token,
      body: { id: APP, name: 'E2E Rules', endCustomerId: 'end_default' },
    });
    expect(app.status).toBe(201);
    await harness.login();
    harness.page.setDefaultTimeout(10_000);
  });
  afterAll(() => harness?.close());

  it('creates a rule with the editor, switches it off and deletes it', async () => {
    const { page } = harness;
    await page.goto(harness.url(`/app/${APP}/system-event-setting`));
    await page.getByRole('heading', { name: 'Event Setting', level: 1 }).waitFor();
    await page.getByText('No Data Available').first().waitFor();

    await page.getByRole('button', { name: 'Create New' }).click();
    await page.getByRole('button', { name: 'Create', exact: true }).click();
    await page.getByText('Create failed', { exact: true }).waitFor();
    await page.getByText('Please enter a name.').waitFor();
    expect((await rules()).body).toEqual([]);

    await page.getByLabel('Name').fill('Freezer too warm');
    await page.getByRole('combobox', { name: 'Field' }).fill('temperature');
    await page.getByLabel('Min', { exact: true }).first().fill('-5');
    await page.getByLabel('Duration (seconds)').fill('30');
    await page.getByRole('button', { name: 'Create', exact: true }).click();
    await page.getByRole('button', { name: 'Edit' }).waitFor();
    const [created] = (await rules()).body;
    expect(created).toMatchObject({
      name: 'Freezer too warm',
      enabled: true,
      conditions: { field: 'temperature', triggerRanges: [{ min: -5, max: null }], durationSeconds: 30 },
    });

    await page.getByRole('switch', { name: 'Enabled' }).first().click();
    await page.getByRole('navigation', { name: 'Event settings' }).getByText('Disabled').waitFor();
    expect((await rules()).body[0].enabled).toBe(false);

    await page.getByRole('button', { name: 'Edit' }).click();
    await page.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('alertdialog', { name: 'Confirm to delete?' }).getByRole('button', { name: 'Delete' }).click();
    await page.getByText('No Data Available').first().waitFor();
    expect((await rules()).body).toEqual([]);
  });

  it('offers the contacts’ departments for the rule’s notifications', async () => {
    const { page } = harness;
    for (const [name, department] of [
      ['Kitchen Lead', 'Kitchen'],
      ['Night Guard', 'Security'],
    ] as const) {
      const contact = await harness.server.request('POST', `/api/notifications/${APP}/contacts`, {
        token,
        body: { name, email: `${department.toLowerCase()}@example.com`, department },
      });
      expect(contact.status, JSON.stringify(contact.body)).toBe(201);
    }
    await page.goto(harness.url(`/app/${APP}/system-event-setting`));
    await page.getByRole('button', { name: 'Create New' }).click();
    await page.getByLabel('Name').fill('Kitchen too warm');
    await page.getByRole('combobox', { name: 'Field' }).fill('temperature');
    await page.getByLabel('Min', { exact: true }).first().fill('30');
    await page.getByRole('combobox', { name: 'Departments' }).click();
    // A multi-select's options are menu item checkboxes.
    await page.getByRole('menuitemcheckbox', { name: 'Security' }).waitFor();
    await page.getByRole('menuitemcheckbox', { name: 'Kitchen' }).click();
    await page.keyboard.press('Escape');
    // Escalation with the range dialog's controls and messages.
    const escalation = page.getByRole('group', { name: 'Escalation' });
    await escalation.getByRole('checkbox', { name: 'Escalate while the event is not acknowledged' }).check();
    await escalation.getByRole('spinbutton', { name: 'Repeats' }).fill('101');
    await escalation.getByText('This field must be at most 100.').waitFor();
    await escalation.getByRole('spinbutton', { name: 'Repeats' }).fill('1');
    await escalation.getByRole('spinbutton', { name: 'Every (minutes)' }).fill('5');
    await page.getByRole('button', { name: 'Create', exact: true }).click();
    await page.getByRole('button', { name: 'Edit' }).waitFor();
    const created = (await rules()).body.find((rule: { name: string }) => rule.name === 'Kitchen too warm');
    expect(created.actions.notification.departments).toEqual(['Kitchen']);
    expect(created.actions.notification.escalation).toEqual({ enable: true, everyMinutes: 5, repeats: 1, nextPriority: false });
    await page.getByRole('button', { name: 'Edit' }).click();
    expect(await escalation.getByRole('spinbutton', { name: 'Every (minutes)' }).inputValue()).toBe('5');
  });

  it('fits a phone: the list, then the editor with its way back', async () => {
    const { page } = harness;
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto(harness.url(`/app/${APP}/system-event-setting`));
    await page.getByRole('button', { name: 'Create New' }).click();
    await page.getByRole('button', { name: 'Back to list' }).waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await page.getByRole('button', { name: 'Back to list' }).click();
    await page.getByRole('button', { name: 'Create New' }).waitFor();
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { valveItemBody } from '../host/server/testing/valve-item';
import { startConsole, type Console } from './support/e2e';

const APP = 'e2e_timers';

// Timer Mission Setting (accounts spec §2, §4, §8, §9) in a real Chromium against the real server.
describe('timer mission setting', () => {
  let harness: Console;
  let token: string;
  const missions = async () =>
    (await harness.server.request('GET', `/api/system-events-api/timer-mission-setting/${APP}/list/`, { token })).body;

  beforeAll(async () => {
    harness = await startConsole();
    token = (await harness.server.login()).access_token;
    const app = await harness.server.request('POST', '/api/application/new/', {
      token,
      body: { id: APP, name: 'E2E Timers', endCustomerId: 'end_default' },
    });
    expect(app.status).toBe(201);
    await harness.server.request('GET', `/api/node-structure-item/${APP}/tree`, { token });
    const valve = await harness.server.request('POST', `/api/node-structure-item/${APP}/items`, {
      token,
      body: valveItemBody('A84041000181C6FF'),
    });
    expect(valve.status, JSON.stringify(valve.body)).toBe(201);
    await harness.login();
    harness.page.setDefaultTimeout(10_000);
  });
  afterAll(() => harness?.close());

  it('creates, views, switches, edits and deletes a mission', async () => {
    const { page } = harness;
    await page.goto(harness.url(`/app/${APP}/timer-mission-setting`));
    await page.getByRole('heading', { name: 'Timer Mission Setting', level: 1 }).waitFor();
    await page.getByText('No Data Available').first().waitFor();

    // New: one default slot, Create refused with the error map in red; the list is locked meanwhile.
    await page.getByRole('button', { name: 'Create New' }).click();
    expect(await page.getByRole('button', { name: 'Create New' }).isDisabled()).toBe(true);
    expect(await page.getByLabel('Start time').inputValue()).toBe('08:00:00');
    expect(await page.getByLabel('End time').inputValue()).toBe('23:59:59');
    await page.getByText('Every day, 08:00:00 to 23:59:59').waitFor();
    await page.getByRole('button', { name: 'Create', exact: true }).click();
    await page.getByText('Create failed', { exact: true }).waitFor();
    await page.getByText('The mission name is required').waitFor();
    await page.getByText('Choose a device').waitFor();
    expect(await missions()).toEqual([]);

    await page.getByLabel('Mission name').fill('Morning valve');
    await page.getByRole('combobox', { name: 'Device', exact: true }).click();
    await page.getByRole('option', { name: 'valve' }).click();
    await page.getByRole('combobox', { name: 'Command' }).click();
    await page.getByRole('option', { name: 'Open' }).click();
    // Holiday off: the description says the mission skips holidays.
    await page.getByRole('button', { name: 'Holiday' }).click();
    await page.getByText('Skip mission on holidays').waitFor();
    await page.getByRole('button', { name: 'Create', exact: true }).click();

    // View: Edit and the enable switch.
    await page.getByRole('button', { name: 'Edit' }).waitFor();
    const [created] = await missions();
    expect(created).toMatchObject({
      missionName: 'Morning valve',
      isEnabled: true,
      actions: [{ actionType: 'Device', deviceName: 'valve', commandId: 'open' }],
    });
    expect(created.timeslots[0].repeatOn).toEqual([true, true, true, true, true, true, true, false]);
    await page.getByText('No runs yet.').waitFor();

    await page.getByRole('switch', { name: 'Enabled' }).click();
    await page.getByRole('navigation', { name: 'Timer missions' }).getByText('Disabled').waitFor();
    expect((await missions())[0].isEnabled).toBe(false);

    // Edit: Save asks first.
    await page.getByRole('button', { name: 'Edit' }).click();
    await page.getByLabel('Mission name').fill('Evening valve');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('alertdialog', { name: 'Save changes?' }).getByRole('button', { name: 'Yes' }).click();
    await page.getByRole('button', { name: 'Edit' }).waitFor();
    expect((await missions())[0].missionName).toBe('Evening valve');

    // A phone shows the editor alone, without horizontal scrolling.
    await page.setViewportSize({ width: 375, height: 800 });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await page.setViewportSize({ width: 1280, height: 800 });

    await page.getByRole('button', { name: 'Edit' }).click();
    await page.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('alertdialog', { name: 'Confirm to delete?' }).getByRole('button', { name: 'Delete' }).click();
    await page.getByText('No Data Available').first().waitFor();
    expect(await missions()).toEqual([]);
  });

  it('keeps the application’s time zone and holidays, and sends an unknown application to the not-found page', async () => {
    const { page } = harness;
    await page.goto(harness.url(`/app/${APP}/timer-mission-setting`));
    await page.getByRole('button', { name: 'Schedule settings' }).click();
    await page.getByLabel('Time zone').fill('Asia/Hong_Kong');
    await page.getByLabel('Add holiday', { exact: true }).fill('2026-12-25');
    await page.getByRole('button', { name: 'Add holiday' }).click();
    await page.getByRole('button', { name: 'Save schedule settings' }).click();
    await page.getByText('Schedule settings saved').first().waitFor();
    const saved = await harness.server.request('GET', `/api/system-events-api/timer-mission-setting/${APP}/schedule-settings/`, {
      token,
    });
    expect(saved.body).toEqual({ timeZone: 'Asia/Hong_Kong', holidays: ['2026-12-25'] });

    await page.goto(harness.url('/app/no_such_app/timer-mission-setting'));
    await page.waitForURL(/\/auth\/not-found$/);
  });
});

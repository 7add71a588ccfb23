import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { startConsole, type Console } from './support/e2e';

/** Waits for a toast with this title. */
async function toast(page: Page, title: string) {
  await page.locator('.fui-ToastTitle', { hasText: title }).first().waitFor();
}

/** Logs in through the login page, expecting to stay on it with this error. */
async function refusedLogin(harness: Console, username: string, password: string) {
  const page = await harness.newSession();
  await page.goto(harness.url('/auth/login'));
  await page.getByLabel(/username/i).fill(username);
  await page.getByLabel(/password/i).fill(password);
  await page.getByRole('button', { name: /log ?in/i }).click();
  await page.getByText('Incorrect username or password.').waitFor();
  expect(new URL(page.url()).pathname).toBe('/auth/login');
}

// Account Management (accounts spec §3 user vocabulary, §5 texts; shell spec §2.2 My Account) in a real Chromium.
describe('users', () => {
  let harness: Console;
  let apiKey = '';

  beforeAll(async () => {
    harness = await startConsole();
    await harness.login();
    harness.page.setDefaultTimeout(10_000);
  });
  afterAll(() => harness?.close());

  it('creates a user group with permissions on the User Group page', async () => {
    const { page } = harness;
    await page.goto(harness.url('/account-management/user-group'));
    await page.getByRole('button', { name: 'Add group' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Create user group' });
    await dialog.getByRole('button', { name: 'Create' }).click();
    await dialog.getByText('Group name is required.').waitFor();
    await dialog.getByRole('textbox', { name: 'Group name' }).fill('Field Team');
    await dialog.getByRole('checkbox', { name: 'Alert' }).check();
    await dialog.getByRole('checkbox', { name: 'Edit own profile' }).check();
    await dialog.getByRole('button', { name: 'Create' }).click();
    await toast(page, 'User group created');
    const row = page.getByRole('row', { name: /Field Team/ });
    await row.getByText('Alert, Edit own profile').waitFor();
  });

  it('creates a user on the User Management page after showing the validation messages', async () => {
    const { page } = harness;
    await page.goto(harness.url('/application/application-list'));
    await page.getByText('Account Management', { exact: true }).click();
    await page.getByRole('link', { name: 'User Management' }).click();
    await page.waitForURL(/\/account-management\/users$/);
    await page.getByRole('button', { name: 'Add user' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Create user' });
    await dialog.getByRole('button', { name: 'Create' }).click();
    await dialog.getByText('User password must be at least 8 characters.').waitFor();
    await dialog.getByText('New full name cannot be empty.').waitFor();
    await dialog.getByText('User group must be chosen first.').waitFor();

    await dialog.getByRole('textbox', { name: 'Username' }).fill('field1');
    await dialog.getByLabel(/^Password/).fill('field-pass-1');
    await dialog.getByLabel('Confirm password').fill('field-pass-2');
    await dialog.getByRole('textbox', { name: 'Full name' }).fill('Field One');
    await dialog.getByRole('textbox', { name: 'Email' }).fill('not-an-email');
    await dialog.getByRole('textbox', { name: 'Phone' }).fill('call me');
    await dialog.getByRole('combobox', { name: /^Group/ }).selectOption({ label: 'Field Team' });
    await dialog.getByRole('button', { name: 'Create' }).click();
    await dialog.getByText('Passwords must match.').waitFor();
    await dialog.getByText('Please enter a valid email.').waitFor();
    await dialog.getByText('Phone format such as +85291234567').waitFor();

    await dialog.getByLabel('Confirm password').fill('field-pass-1');
    await dialog.getByRole('textbox', { name: 'Email' }).fill('field1@example.com');
    await dialog.getByRole('textbox', { name: 'Phone' }).fill('+85291234567');
    await dialog.getByRole('button', { name: 'Create' }).click();
    await toast(page, 'User created');
    await dialog.waitFor({ state: 'detached' });
    const row = page.getByRole('row', { name: /field1/ });
    await row.getByText('field1@example.com').waitFor();
    await row.getByText('Field Team').waitFor();

    await page.getByRole('searchbox', { name: 'Search' }).fill('nobody-like-this');
    await page.getByText('No Data Available').waitFor();
    await page.getByRole('searchbox', { name: 'Search' }).fill('field');
    await row.waitFor();
  });

  it('lets the new user log in, change the password in My Account and create an API key', async () => {
    const page = await harness.newSession();
    await harness.login('field1', 'field-pass-1');
    await page.getByRole('button', { name: 'Field One' }).click();
    await page.getByRole('menuitem', { name: 'My Account' }).click();
    await page.waitForURL(/\/account-management\/my-account$/);
    await page.getByRole('heading', { name: 'My Account' }).waitFor();

    const password = page.getByRole('form', { name: 'Change password' });
    await password.getByLabel('Current password').fill('wrong-password');
    await password.getByLabel('New password').fill('field-pass-2');
    await password.getByLabel('Confirm password').fill('field-pass-2');
    await password.getByRole('button', { name: 'Change password' }).click();
    await password.getByText('The current password is not correct.').waitFor();
    await password.getByLabel('Current password').fill('field-pass-1');
    await password.getByRole('button', { name: 'Change password' }).click();
    await toast(page, 'Password changed');

    const keys = page.getByRole('region', { name: 'API keys' });
    await keys.getByText('You have no API keys.').waitFor();
    await keys.getByRole('button', { name: 'Create API key' }).click();
    const create = page.getByRole('alertdialog', { name: 'Create API key' });
    await create.getByRole('textbox', { name: 'Key name' }).fill('e2e script');
    await create.getByRole('button', { name: 'Create' }).click();
    const shown = page.getByRole('alertdialog', { name: 'Your new API key' });
    await shown.getByText('Copy the key now. It is shown only this once.').waitFor();
    apiKey = await shown.getByRole('textbox').inputValue();
    expect(apiKey).toMatch(/^snk_/);
    await shown.getByRole('button', { name: 'Copy' }).click();
    await shown.getByRole('button', { name: 'Close' }).click();
    await keys
      .getByRole('row', { name: /e2e script/ })
      .getByText(`${apiKey.slice(0, 12)}…`)
      .waitFor();
    expect(await page.getByText(apiKey).count()).toBe(0);

    const me = await harness.server.request('GET', '/api/auth/me', { headers: { 'x-api-key': apiKey } });
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ username: 'field1', name: 'Field One' });
  });

  it('disables the user: its login is refused and its API key stops', async () => {
    const page = await harness.newSession();
    await harness.login();
    await page.goto(harness.url('/account-management/users'));
    const status = page.getByRole('switch', { name: 'field1: Enabled' });
    await status.click();
    await page.getByRole('switch', { name: 'field1: Disabled' }).waitFor();
    expect((await harness.server.request('GET', '/api/auth/me', { headers: { 'x-api-key': apiKey } })).status).toBe(401);
    await refusedLogin(harness, 'field1', 'field-pass-2');
  });

  it('User Setup: lets a user use an application, limited to device tags, and removes it again', async () => {
    const { server } = harness;
    const page = await harness.newSession();
    await harness.login();
    const token = (await server.login()).access_token;
    await server.request('POST', '/api/application/new/', {
      token,
      body: { id: 'setup_plant', name: 'Setup Plant', endCustomerId: 'end_default' },
    });
    const groups = await server.request('GET', '/api/user-groups?keyword=Field', { token });
    await server.request('POST', '/api/users', {
      token,
      body: {
        username: 'viewer1',
        password: 'viewer-pass-1',
        name: 'Viewer One',
        level: 'end-customer',
        endCustomerId: 'end_default',
        groupId: groups.body.groups[0].id,
      },
    });
    // A user of another end customer cannot see the application, so Add user does not offer it.
    const elsewhere = await server.request('POST', '/api/customer/end-customer/', { token, body: { name: 'Elsewhere' } });
    await server.request('POST', '/api/users', {
      token,
      body: {
        username: 'outsider1',
        password: 'outsider-pass-1',
        name: 'Outsider One',
        level: 'end-customer',
        endCustomerId: elsewhere.body.id,
        groupId: groups.body.groups[0].id,
      },
    });
    await page.goto(harness.url('/app/setup_plant/application-user'));
    await page.getByRole('heading', { name: 'User Setup: Setup Plant' }).waitFor();
    await page.getByRole('button', { name: 'Add user' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Let a user use this application' });
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.getByText('Please choose a user.').waitFor();
    await dialog.getByRole('combobox').selectOption({ label: 'viewer1 (Viewer One)' });
    expect(await dialog.getByRole('option', { name: /outsider1/ }).count()).toBe(0);
    await dialog.getByRole('textbox', { name: 'Device tags' }).fill('pumps, roof');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await toast(page, 'Added');
    const row = page.getByRole('row', { name: /viewer1/ });
    await row.getByText('pumps').waitFor();
    await row.getByText('roof').waitFor();
    const stored = await server.request('GET', '/api/application-users/setup_plant', { token });
    expect(stored.body.users[0]).toMatchObject({ username: 'viewer1', deviceTags: ['pumps', 'roof'] });

    await row.getByRole('button', { name: 'Remove viewer1' }).click();
    const confirm = page.getByRole('alertdialog');
    await confirm.getByText('Remove viewer1 from this application?').waitFor();
    await confirm.getByRole('button', { name: 'Remove' }).click();
    await toast(page, 'Removed');
    await row.waitFor({ state: 'detached' });
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startConsole, type Console } from './support/e2e';

const APP = 'e2e_contacts';
const BASE = `/api/notifications/${APP}/contacts`;

// Notification Client (node spec §2.14, accounts spec §3 "Contacts") in a real Chromium against the real server.
describe('notification client', () => {
  let harness: Console;
  let token: string;

  const row = (name: string) =>
    harness.page.getByRole('row').filter({ has: harness.page.getByRole('cell', { name, exact: true }) });
  const dialog = () => harness.page.getByRole('alertdialog');

  beforeAll(async () => {
    harness = await startConsole();
    token = (await harness.server.login()).access_token;
    const app = await harness.server.request('POST', '/api/application/new/', {
      token,
      body: { id: APP, name: 'E2E Contacts', endCustomerId: 'end_default' },
    });
    expect(app.status).toBe(201);
    // Eleven clients: a page of 10 and one on page 2.
    for (let index = 1; index <= 11; index += 1) {
      const name = `Client ${String(index).padStart(2, '0')}`;
      const created = await harness.server.request('POST', BASE, { token, body: { name, department: 'Operations' } });
      expect(created.status).toBe(201);
    }
    await harness.login();
    harness.page.setDefaultTimeout(10_000);
  });
  afterAll(() => harness?.close());

  it('opens from Settings > Notification Contact List and pages at 10', async () => {
    const { page } = harness;
    await page.goto(harness.url(`/app/${APP}/node-management`));
    await page.getByRole('button', { name: 'Settings' }).click();
    await page.getByRole('menuitem', { name: 'Notification Contact List' }).click();
    await page.waitForURL(new RegExp(`/app/${APP}/notification-client$`));
    await page.getByRole('heading', { name: 'Notification Client: E2E Contacts' }).waitFor();
    await row('Client 10').waitFor();
    expect(await page.getByRole('row').count()).toBe(11);
    await page.getByText('1–10 of 11').waitFor();
    await page.getByRole('button', { name: /next/i }).click();
    await row('Client 11').waitFor();
    expect(await row('Client 01').count()).toBe(0);
  });

  it('adds a client, refusing a taken name with the spec text, and finds it by keyword', async () => {
    const { page } = harness;
    await page.getByRole('button', { name: 'Add client' }).click();
    await dialog().getByRole('textbox', { name: 'Name' }).fill('Client 03');
    await dialog().getByRole('textbox', { name: 'Phone' }).fill('9123');
    await dialog().getByRole('button', { name: 'Save' }).click();
    await dialog().getByText('Phone format such as +85291234567').waitFor();
    await dialog().getByRole('textbox', { name: 'Phone' }).fill('+852 2123 4567');
    await dialog().getByRole('button', { name: 'Save' }).click();
    await dialog().getByText('That client is taken. Try another.').waitFor();

    await dialog().getByRole('textbox', { name: 'Name' }).fill('陳大文');
    await dialog().getByRole('textbox', { name: 'SMS/WhatsApp number' }).fill('+85291234567');
    await dialog().getByRole('textbox', { name: 'Email' }).fill('chan@example.com');
    await dialog().getByRole('combobox', { name: 'Department' }).fill('Security');
    await dialog().getByRole('textbox', { name: 'Post' }).fill('Guard');
    await dialog().getByRole('checkbox', { name: 'WhatsApp' }).uncheck();
    await dialog().getByRole('button', { name: 'Save' }).click();
    await dialog().waitFor({ state: 'detached' });

    await page.getByRole('searchbox', { name: 'Search' }).fill('securi');
    await page.getByText('1–1 of 1').waitFor();
    await row('陳大文').waitFor();
    expect(await row('陳大文').getByText('+85221234567').count()).toBe(1);
    expect(await row('陳大文').getByText('WhatsApp').count()).toBe(0);
  });

  it('edits the client and deletes it after confirming', async () => {
    const { page } = harness;
    await page.getByRole('button', { name: 'Edit 陳大文' }).click();
    expect(await dialog().getByRole('textbox', { name: 'Email' }).inputValue()).toBe('chan@example.com');
    await dialog().getByRole('switch', { name: 'Unsubscribed' }).check();
    await dialog().getByRole('textbox', { name: 'Post' }).fill('Supervisor');
    await dialog().getByRole('button', { name: 'Save' }).click();
    await dialog().waitFor({ state: 'detached' });
    await row('陳大文').getByText('Supervisor').waitFor();
    await row('陳大文').getByText('(Unsubscribed)').waitFor();

    await page.getByRole('button', { name: 'Delete 陳大文' }).click();
    await dialog().getByText('Delete 陳大文? Notifications will no longer reach this client.').waitFor();
    await dialog().getByRole('button', { name: 'Delete' }).click();
    await page.getByText('No Data Available').waitFor();
    const left = await harness.server.request('GET', `${BASE}?q=${encodeURIComponent('陳大文')}`, { token });
    expect(left.body.total).toBe(0);
  });

  it('sends an unknown application to the not-found page', async () => {
    const { page } = harness;
    await page.goto(harness.url('/app/no_such_app/notification-client'));
    await page.waitForURL(/\/auth\/not-found$/);
  });
});

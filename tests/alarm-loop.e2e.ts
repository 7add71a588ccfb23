import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultFieldPreference } from '@sensorium/nodes/common';
import { startSmtpSink, type SmtpSink } from '../host/server/testing';
import { startConsole, type Console } from './support/e2e';
import { adminApi, emailedHighLevel, plantWithItem, uplink } from './support/plant';

const APP = 'e2e_loop';
const APP_NAME = 'Loop Plant';
const DEVICE = '00000000000a1e13';
const CONTACT = { name: 'Alice Chan', email: 'alice@example.com' };
const PHONE = { width: 375, height: 800 };

/** Level above 70 is "High" (red, severity 4): its event is on, stays open, and e-mails every contact with a link. */
const highLevel = emailedHighLevel({ displayName: 'Level' });

// Issue 13, test 1: the whole alarm loop on one server. A value enters a red range; the contact's e-mail arrives over
// SMTP with a public link; the contact acknowledges through it without signing in; the operator's console follows live
// (Event View, application card, switcher, bell), and the history and the audit trail name the contact.
describe('the alarm loop', () => {
  let harness: Console;
  let smtp: SmtpSink;
  let link: string;

  const row = (page: Page) => page.getByRole('row').filter({ hasText: 'tank' });
  const bell = (page: Page, count: number) => page.locator(`header [aria-label="Alarms: ${count}"]`);

  beforeAll(async () => {
    smtp = await startSmtpSink();
    harness = await startConsole({ smtpUrl: smtp.url });
    const { server } = harness;
    const api = await adminApi(server);
    const item = await plantWithItem(
      api,
      { id: APP, name: APP_NAME },
      { name: 'tank', deviceEUI: DEVICE, input: { level: defaultFieldPreference('level') } },
    );
    await api('POST', `/api/notifications/${APP}/contacts`, CONTACT);
    // The range editor's own call: the field's whole preference, with the range, its event and its notification.
    await api('PUT', `/api/node-structure-item/${APP}/items/${encodeURIComponent(item.uuid)}/field-preference`, {
      targetField: 'level',
      preference: highLevel,
    });
    await harness.login();
    harness.page.setDefaultTimeout(20_000);
  });
  afterAll(async () => {
    await harness?.close();
    await smtp?.close();
  });

  it('shows a value entering the red range on the application card and as the switcher’s count, live', async () => {
    const { page } = harness;
    const card = page.getByTestId(`application-card-${APP}`);
    await card.getByText('No alert').waitFor();
    await uplink(harness.server, DEVICE, 'tank-1', { level: 85 });
    // No reload: the system-event-update push re-reads the cards' events.
    await card.getByText('tank High level 85.00').waitFor();
    await page.getByRole('button', { name: 'Select An Application' }).click();
    const option = page.getByRole('option', { name: new RegExp(APP_NAME) });
    await option.waitFor();
    // The switcher reads its counts in a call of its own, which may answer after the card's.
    await expect.poll(() => option.textContent(), { timeout: 20_000 }).toBe(`${APP_NAME}1`);
    await option.click();
    await page.waitForURL(new RegExp(`/app/${APP}/event-view$`));
    await bell(page, 1).waitFor();
    await row(page).getByText('Open').waitFor();
  });

  it('e-mails the contact a public link, through which the contact acknowledges on a phone; the Event View follows live', async () => {
    const mail = await smtp.waitForMessage(CONTACT.email);
    expect(mail.html).toContain('tank reads 85.00');
    link = /href="([^"]+)"/.exec(mail.html ?? '')![1]!;
    expect(link.startsWith(harness.url('/public/event/'))).toBe(true);

    const phone = await harness.browser.newContext({ viewport: PHONE });
    try {
      const contact = await phone.newPage();
      contact.setDefaultTimeout(20_000);
      await contact.goto(link);
      await contact.getByRole('heading', { name: APP_NAME }).waitFor();
      await contact.getByText(`Hello ${CONTACT.name}`).waitFor();
      await contact.getByRole('button', { name: 'ACK' }).click();
      await contact.getByLabel('Comment (optional)').fill('Draining it now');
      await contact.getByRole('button', { name: 'Confirm' }).click();
      await contact.getByText('The alert is acknowledged.').waitFor();
    } finally {
      await phone.close();
    }

    // The operator's page, opened before the acknowledgement, shows it without a reload.
    const { page } = harness;
    await row(page).getByText('Ack-ed').waitFor();
    expect(page.url()).toBe(harness.url(`/app/${APP}/event-view`));
    // Acknowledged is still open (not cleared): the bell keeps counting it.
    await bell(page, 1).waitFor();
  });

  it('shows the event’s history: created, notified, and acknowledged by the contact', async () => {
    const { page } = harness;
    await page.getByRole('button', { name: 'Details tank High level' }).click();
    const details = page.getByRole('dialog', { name: 'Event' });
    await details.getByText('Comment: Draining it now').waitFor();
    const history = details.getByRole('region', { name: 'History' });
    expect(await history.getByRole('listitem').allTextContents()).toEqual([
      expect.stringMatching(/^Created · the system/),
      expect.stringMatching(/^Notified · the system/),
      expect.stringMatching(new RegExp(`^Acknowledged · contact ${CONTACT.name}.*Comment: Draining it now$`)),
    ]);
    await details.getByRole('button', { name: 'Close' }).click();
    // While the modal is open the rest of the page is hidden from the accessibility tree, sidebar included.
    await details.waitFor({ state: 'hidden' });
  });

  it('lists the acknowledgement by the contact in Diagnosis > Audit History', async () => {
    const { page } = harness;
    const sidebar = page.getByRole('navigation', { name: 'Navigation' });
    await sidebar.getByRole('button', { name: 'Diagnosis' }).click();
    await sidebar.getByRole('link', { name: 'Audit History' }).click();
    await page.waitForURL(/\/diagnosis\/audit-history$/);
    const acknowledged = page
      .getByRole('row')
      .filter({ has: page.getByRole('cell', { name: 'Event acknowledged', exact: true }) });
    await acknowledged.first().waitFor();
    expect(await acknowledged.count()).toBe(1);
    expect(await acknowledged.getByRole('cell', { name: CONTACT.name, exact: true }).count()).toBe(1);
  });

  it('takes the event off the bell, the switcher’s count and the card as soon as another operator clears it', async () => {
    const { page, server } = harness;
    await page.goto(harness.url(`/app/${APP}/event-view`));
    await row(page).getByText('Ack-ed').waitFor();
    await bell(page, 1).waitFor();
    const token = (await server.login()).access_token;
    const [event] = (await server.request('GET', `/api/system-events-api/${APP}/events`, { token })).body.rows as {
      id: string;
    }[];
    const cleared = await server.request('POST', `/api/system-events-api/${APP}/events/clear`, {
      token,
      body: { ids: [event!.id] },
    });
    expect(cleared.status, JSON.stringify(cleared.body)).toBe(200);
    // No reload: the system-event-update push.
    await bell(page, 0).waitFor();
    await row(page).getByText('Cleared').waitFor();
    // On the application's pages the switcher is named after the application.
    await page.locator('header').getByRole('button', { name: APP_NAME, exact: true }).click();
    const option = page.getByRole('option', { name: new RegExp(APP_NAME) });
    await option.waitFor();
    // The switcher reads its counts in a call of its own, which may answer after the card's.
    await expect.poll(() => option.textContent(), { timeout: 20_000 }).toBe(`${APP_NAME}0`);
    await page.getByRole('button', { name: 'View all applications' }).click();
    await page.waitForURL(/\/application\/application-list$/);
    await page.getByTestId(`application-card-${APP}`).getByText('No alert').waitFor();
  });
});

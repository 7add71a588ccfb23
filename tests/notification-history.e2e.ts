import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EventStoreToken } from '@sensorium/events/common';
import { startSmtpSink, type SmtpSink } from '../host/server/testing';
import { startConsole, type Console } from './support/e2e';
import { adminApi, emailedHighLevel, plantWithItem, uplink } from './support/plant';

const APP = 'e2e_alarms';
const DEVICE = '00000000000a1e11';
const PHONE = { width: 375, height: 800 };

/** Level above 70 raises "High", which e-mails every contact with the range's template. */
const level = emailedHighLevel();

// The alarm loop by e-mail (issue 13, test 1): a value crosses a range, the contact gets an e-mail with a link, the
// Notification History shows the delivery as it happens, and the contact acknowledges the event through the link.
describe('notification history', () => {
  let harness: Console;
  let sink: SmtpSink;

  const row = (name: string) =>
    harness.page.getByRole('row').filter({ has: harness.page.getByRole('cell', { name, exact: true }) });

  beforeAll(async () => {
    sink = await startSmtpSink();
    harness = await startConsole({ smtpUrl: sink.url });
    const { server } = harness;
    const api = await adminApi(server);
    await plantWithItem(api, { id: APP, name: 'E2E Alarms' }, { name: 'tank', deviceEUI: DEVICE, input: { level } });
    await api('POST', `/api/notifications/${APP}/contacts`, { name: 'Alice Chan', email: 'alice@example.com' });
    await harness.login();
    harness.page.setDefaultTimeout(15_000);
  });
  afterAll(async () => {
    await harness?.close();
    await sink?.close();
  });

  it('opens from Settings > Notification History, with nothing sent yet', async () => {
    const { page } = harness;
    await page.goto(harness.url(`/app/${APP}/node-management`));
    await page.getByRole('button', { name: 'Settings' }).click();
    await page.getByRole('menuitem', { name: 'Notification History' }).click();
    await page.waitForURL(new RegExp(`/app/${APP}/notification-history$`));
    await page.getByRole('heading', { name: 'Notification History' }).waitFor();
    await page.getByText('No notifications match.').waitFor();
  });

  it('shows the e-mail of a new event as it goes out, without reloading', async () => {
    const { page, server } = harness;
    await uplink(server, DEVICE, 'tank-1', { level: 85 });
    await row('Alice Chan').getByText('Sent', { exact: true }).waitFor();
    for (const cell of ['alice@example.com', 'Email', 'Created', 'smtp']) {
      expect(await row('Alice Chan').getByRole('cell', { name: cell, exact: true }).count()).toBe(1);
    }
    await page.getByRole('combobox', { name: 'Status' }).selectOption({ label: 'Failed' });
    await page.getByText('No notifications match.').waitFor();
    await page.getByRole('combobox', { name: 'Status' }).selectOption({ label: 'All' });
    await row('Alice Chan').waitFor();
  });

  it('lets the contact acknowledge the event from the e-mail’s link, on a phone, without signing in', async () => {
    const mail = await sink.waitForMessage('alice@example.com');
    expect(mail.html).toContain('tank reads 85.00');
    const link = /href="([^"]+)"/.exec(mail.html ?? '')![1]!;
    const phone = await harness.browser.newContext({ viewport: PHONE });
    try {
      const page = await phone.newPage();
      page.setDefaultTimeout(15_000);
      await page.goto(link);
      await page.getByText('Hello Alice Chan').waitFor();
      await page.getByRole('button', { name: 'ACK' }).click();
      await page.getByRole('button', { name: 'Confirm' }).click();
      await page.getByText('The alert is acknowledged.').waitFor();
    } finally {
      await phone.close();
    }
    const [event] = (
      await harness.server.request('GET', `/api/system-events-api/${APP}/events`, {
        token: (await harness.server.login()).access_token,
      })
    ).body.rows as { id: string }[];
    const acknowledged = await harness.server.running.resolve(EventStoreToken).get(APP, event!.id);
    expect(acknowledged).toMatchObject({ isAcknowledged: true, acknowledgedBy: 'Alice Chan' });
  });

  it('fits a phone screen', async () => {
    const page = await harness.newSession();
    await page.setViewportSize(PHONE);
    page.setDefaultTimeout(15_000);
    await harness.login();
    await page.goto(harness.url(`/app/${APP}/notification-history`));
    await page.getByRole('heading', { name: 'Notification History' }).waitFor();
    await page.getByRole('cell', { name: 'Alice Chan', exact: true }).waitFor();
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(PHONE.width);
  });

  it('sends an application that does not exist to the not-found page', async () => {
    const { page } = harness;
    await page.goto(harness.url('/app/no_such_app/notification-history'));
    await page.waitForURL(/\/auth\/not-found$/);
  });
});

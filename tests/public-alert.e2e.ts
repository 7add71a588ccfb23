import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { PublicLinksToken } from '@sensorium/public-alert/common';
import { redRangeField } from '../host/server/testing';
import { startConsole, type Console } from './support/e2e';
import { adminApi, plantWithItem, uplink } from './support/plant';

const APP = 'harbour';
const DEVICE = '00000000000a1e01';
const PHONE = { width: 375, height: 800 };

/** Temperature above 50 °C raises "Hot" (red, severity 4), which stays open until someone acts. */
const temperature = redRangeField('temperature', { name: 'hot', from: 50, event: 'Hot' }, {}, { unit: '°C' });

// A contact opens the link of an alert on a phone, without signing in, and acknowledges it (accounts spec §2, §4).
describe('public alert viewer', () => {
  let harness: Console;
  let phone: BrowserContext;
  let page: Page;
  let url: string;

  beforeAll(async () => {
    harness = await startConsole();
    const { server } = harness;
    const api = await adminApi(server);
    await plantWithItem(api, { id: APP, name: 'Harbour Plant' }, { name: 'boiler', deviceEUI: DEVICE, input: { temperature } });
    await uplink(server, DEVICE, 'boiler-1', { temperature: 75 });
    const events = await api('GET', `/api/system-events-api/${APP}/events`);
    const [event] = events.rows as { id: string }[];
    const link = await server.running
      .resolve(PublicLinksToken)
      .issue({ appId: APP, eventId: event!.id, contactId: null, actorLabel: 'Alice Chan', actions: ['ack', 'clear'] });
    url = link.url;
    phone = await harness.browser.newContext({ viewport: PHONE });
    page = await phone.newPage();
  });
  afterAll(async () => {
    await phone?.close();
    await harness?.close();
  });

  it('shows the event full page on a phone without signing in', async () => {
    await page.goto(url);
    await page.getByRole('heading', { name: 'Harbour Plant' }).waitFor();
    await page.getByText('Hello Alice Chan').waitFor();
    await page.getByText('Critical', { exact: true }).waitFor();
    await page.getByText('Not Resume').waitFor();
    expect(await page.getByText('Node', { exact: true }).count()).toBe(1);
    // No console frame: neither the header nor the sidebar.
    expect(await page.getByRole('navigation', { name: 'Navigation' }).count()).toBe(0);
    expect(await page.locator('[data-severity-style]').getAttribute('data-severity-style')).toBe('4');
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(PHONE.width);
  });

  it('acknowledges after the confirmation and shows success', async () => {
    await page.getByRole('button', { name: 'ACK' }).click();
    await page.getByText('Acknowledge this alert?').waitFor();
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('button', { name: 'ACK' }).click();
    await page.getByLabel('Comment (optional)').fill('On my way');
    await page.getByRole('button', { name: 'Confirm' }).click();
    await page.getByText('The alert is acknowledged.').waitFor();
    await page.getByText(/^Alice Chan, \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2}$/).waitFor();
    expect(await page.locator('[data-severity-style]').getAttribute('data-severity-style')).toBe('0');
    await page.getByRole('button', { name: 'Back' }).click();
    await page.getByText('Ack-ed', { exact: true }).waitFor();
  });

  it('answers a forged link with Cannot retrieve alert', async () => {
    const forged = url.slice(0, -5) + (url.at(-5) === 'A' ? 'B' : 'A') + url.slice(-4);
    await page.goto(forged);
    await page.getByText('Cannot retrieve alert').waitFor();
  });

  it('lists the link in the event’s details, where revoking it (after a confirmation) closes it for good', async () => {
    await harness.login();
    const operator = harness.page;
    await operator.setViewportSize(PHONE);
    await operator.goto(harness.url(`/app/${APP}/event-view`));
    await operator.getByRole('button', { name: 'Details boiler Hot' }).click();
    const details = operator.getByRole('dialog', { name: 'Event' });
    const links = details.getByRole('region', { name: 'Alert links' });
    await links.getByText('Alice Chan').waitFor();
    await links.getByText(/^Used \d{2}\/\d{2}\/\d{4}/).waitFor();
    await details.getByRole('region', { name: 'Webhook deliveries' }).getByText('No webhook was sent for this event.').waitFor();
    const box = (await details.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);

    await links.getByRole('button', { name: 'Revoke the link sent to Alice Chan' }).click();
    const confirm = operator.getByRole('alertdialog', { name: 'Revoke alert link' });
    await confirm.getByText('Revoke the link sent to Alice Chan? It will no longer open this alert.').waitFor();
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    expect(await links.getByText(/^Revoked /).count()).toBe(0);
    await links.getByRole('button', { name: 'Revoke the link sent to Alice Chan' }).click();
    await confirm.getByRole('button', { name: 'Revoke' }).click();
    await confirm.waitFor({ state: 'detached' });
    await links.getByText(/^Revoked \d{2}\/\d{2}\/\d{4}/).waitFor();
    expect(await links.getByRole('button', { name: /^Revoke/ }).count()).toBe(0);

    await page.goto(url);
    await page.getByText('Cannot retrieve alert').waitFor();
  });
});

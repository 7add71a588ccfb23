import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OrganisationDirectoryToken } from '@sensorium/core/server';
import type { ProvidersAnswer } from '@sensorium/notifications/common';
import { startConsole, type Console } from './support/e2e';

const PASSWORD = 'org-admin-password-1';

// Organisation Settings > Notification Providers (issue 13 slice 9) on a phone: an organisation's own SMS gateway.
describe('notification providers', () => {
  let harness: Console;
  let orgToken: string;

  const providers = () => harness.page.getByRole('region', { name: 'Notification Providers' });
  const channel = (name: string) => providers().getByRole('region', { name });
  const stored = async () =>
    (await harness.server.request('GET', '/api/notifications/providers', { token: orgToken })).body as ProvidersAnswer;

  beforeAll(async () => {
    harness = await startConsole();
    const { server } = harness;
    const admin = (await server.login()).access_token;
    // The operator's default SMS provider, which the organisation uses until it sets its own.
    const defaults = await server.request('PUT', '/api/notifications/providers/default', {
      token: admin,
      body: { channel: 'sms', kind: 'twilio', accountSid: 'AC1', from: '+15005550006', secret: 'operator-token' },
    });
    expect(defaults.status).toBe(200);
    const organisations = server.running.container.resolve(OrganisationDirectoryToken);
    const organisationId = (await organisations.create({ name: 'Harbour SI', size: '', role: '', endCustomerId: null })).id;
    await server.createUser({ username: 'harbour-admin', password: PASSWORD, permissions: ['setting'], organisationId });
    orgToken = (await server.login('harbour-admin', PASSWORD)).access_token;
    await harness.context.close();
    harness.context = await harness.browser.newContext({ viewport: { width: 375, height: 800 } });
    harness.page = await harness.context.newPage();
    await harness.login('harbour-admin', PASSWORD);
    harness.page.setDefaultTimeout(10_000);
  });
  afterAll(() => harness?.close());

  it("shows, per channel, the operator's default in use or none", async () => {
    const { page } = harness;
    await page.goto(harness.url('/organisation-setting'));
    await channel('SMS').getByText("the operator's default").waitFor();
    await channel('Voice').getByText('none: these notifications fail until a provider is set').waitFor();
    const wide = await page.evaluate(() => Math.max(document.documentElement.scrollWidth, document.body.scrollWidth));
    expect(wide).toBeLessThanOrEqual(375);
  });

  it('saves an HTTP gateway for SMS after the form’s checks, the secret only masked afterwards', async () => {
    const sms = channel('SMS');
    await sms.getByRole('combobox', { name: 'Provider' }).selectOption({ label: 'HTTP gateway' });
    await sms.getByRole('button', { name: 'Save' }).click();
    expect(await sms.getByText('This field is required.').count()).toBe(2);

    await sms.getByRole('textbox', { name: 'Request URL' }).fill('https://sms.harbour.example/send?to={{ to }}');
    await sms.getByRole('textbox', { name: 'Body' }).fill('{"text": "{{ message }}"}');
    await sms.getByRole('textbox', { name: 'Message ID in the answer' }).fill('data.id');
    await sms.getByLabel('Signing secret').fill('harbour-gateway-secret');
    await sms.getByRole('button', { name: 'Save' }).click();
    await sms.getByRole('status').getByText('Saved.').waitFor();
    await sms.getByText("this organisation's own provider").waitFor();
    await sms.getByText('Stored: ••••cret. Leave empty to keep it.').waitFor();
    expect(await harness.page.content()).not.toContain('harbour-gateway-secret');
    expect((await stored()).own).toEqual([
      {
        channel: 'sms',
        kind: 'http',
        settings: {
          url: 'https://sms.harbour.example/send?to={{ to }}',
          method: 'POST',
          body: '{"text": "{{ message }}"}',
          messageIdPath: 'data.id',
        },
        secretMasked: '••••cret',
      },
    ]);
  });

  it("goes back to the operator's default after confirming", async () => {
    const sms = channel('SMS');
    await sms.getByRole('button', { name: 'Use the default' }).click();
    const dialog = harness.page.getByRole('alertdialog');
    await dialog.getByText("Remove this organisation's own SMS provider?", { exact: false }).waitFor();
    await dialog.getByRole('button', { name: 'Yes' }).click();
    await dialog.waitFor({ state: 'detached' });
    await sms.getByText("the operator's default").waitFor();
    expect((await stored()).own).toEqual([]);
  });

  it('sets the organisation’s notification rate limit next to the providers, with the server’s bounds', async () => {
    const section = harness.page.getByRole('region', { name: 'Notification Rate Limit' });
    await section.getByText('The default limit').waitFor();
    expect(await section.getByRole('spinbutton', { name: 'Messages per contact and channel' }).inputValue()).toBe('6');
    await section.getByRole('spinbutton', { name: 'Window (minutes)' }).fill('1441');
    await section.getByText('This field must be at most 1440.').waitFor();
    expect(await section.getByRole('button', { name: 'Save' }).isDisabled()).toBe(true);
    await section.getByRole('spinbutton', { name: 'Window (minutes)' }).fill('30');
    await section.getByRole('spinbutton', { name: 'Messages per contact and channel' }).fill('12');
    await section.getByRole('button', { name: 'Save' }).click();
    await section.getByRole('status').getByText('Saved.').waitFor();
    await section.getByText("This organisation's limit").waitFor();
    const limit = await harness.server.request('GET', '/api/notifications/rate-limit', { token: orgToken });
    expect(limit.body).toMatchObject({ own: true, maxSent: 12, windowMinutes: 30 });
  });
});

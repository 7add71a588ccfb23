import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OrganisationDirectoryToken } from '@sensorium/core/server';
import type { ChirpStackConfig } from '../plugins/chirpstack/server/config';
import { startConsole, type Console } from './support/e2e';

const OPERATOR_URL = 'http://chirpstack.operator.example:8090';
const PASSWORD = 'org-admin-password-1';

// Advance Setting > Organisation Settings (issue 11 finding 2): an organisation's own device-server credentials.
describe('organisation settings', () => {
  let harness: Console;
  let organisationId: string;
  let orgToken: string;

  const chirpstack = () => harness.page.getByRole('region', { name: 'ChirpStack API' });
  const stored = async () => (await harness.server.request('GET', '/api/chirpstack/server-settings', { token: orgToken })).body;

  beforeAll(async () => {
    harness = await startConsole();
    const { server } = harness;
    (server.running.pluginConfigs.get('chirpstack') as ChirpStackConfig).apiUrl = OPERATOR_URL;
    const organisations = server.running.container.resolve(OrganisationDirectoryToken);
    organisationId = (await organisations.create({ name: 'Harbour SI', size: '', role: '', endCustomerId: null })).id;
    await server.createUser({ username: 'harbour-admin', password: PASSWORD, permissions: ['setting'], organisationId });
    orgToken = (await server.login('harbour-admin', PASSWORD)).access_token;
    await harness.login('harbour-admin', PASSWORD);
    harness.page.setDefaultTimeout(10_000);
  });
  afterAll(() => harness?.close());

  it("opens from Advance Setting and shows the operator's default in use", async () => {
    const { page } = harness;
    const sidebar = page.getByRole('navigation', { name: 'Navigation' });
    await sidebar.getByRole('button', { name: 'Advance Setting' }).click();
    await sidebar.getByRole('link', { name: 'Organisation Settings' }).click();
    await page.waitForURL(/\/organisation-setting$/);
    await page.getByRole('heading', { name: 'Organisation Settings', level: 1 }).waitFor();
    await chirpstack().getByText("the operator's default.").waitFor();
    await chirpstack().getByText(`Operator's default: ${OPERATOR_URL}`).waitFor();
    await page.getByRole('region', { name: 'The Things Stack API' }).getByLabel('API key').waitFor();
  });

  it('saves its own URL and token, then shows only the masked token and keeps it when left empty', async () => {
    const section = chirpstack();
    const url = section.getByRole('textbox', { name: 'API URL' });
    const token = section.getByLabel('API token');
    await url.fill('not a url');
    await section.getByRole('button', { name: 'Save' }).click();
    await section.getByText('Please enter a valid URL.').waitFor();
    await section.getByText('This field is required.').waitFor();
    expect((await stored()).apiUrl).toBeNull();

    await url.fill('https://chirpstack.harbour.example');
    await token.fill('harbour-chirpstack-token-7f3a');
    await section.getByRole('button', { name: 'Save' }).click();
    await section.getByRole('status').getByText('Saved.').waitFor();
    await section.getByText("this organisation's own settings.").waitFor();
    await section.getByText('Stored: ••••7f3a. Leave empty to keep it.').waitFor();
    expect(await token.inputValue()).toBe('');
    expect(await harness.page.content()).not.toContain('harbour-chirpstack-token');

    await harness.page.reload();
    await chirpstack().getByText('Stored: ••••7f3a. Leave empty to keep it.').waitFor();
    await chirpstack().getByRole('textbox', { name: 'API URL' }).fill('https://lns.harbour.example');
    await chirpstack().getByRole('button', { name: 'Save' }).click();
    await chirpstack().getByRole('status').getByText('Saved.').waitFor();
    expect(await stored()).toMatchObject({ apiUrl: 'https://lns.harbour.example', secretMasked: '••••7f3a' });
  });

  it("goes back to the operator's default", async () => {
    const { page } = harness;
    await chirpstack().getByRole('button', { name: "Use the operator's default" }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Yes' }).click();
    await chirpstack().getByText("the operator's default.").waitFor();
    expect(await stored()).toMatchObject({ apiUrl: null, secretMasked: null });
  });

  it('lets the cloud operator manage an organisation it names, and shows its own defaults read-only', async () => {
    await harness.server.request('PUT', '/api/chirpstack/server-settings', {
      token: orgToken,
      body: { apiUrl: 'https://chirpstack.harbour.example', secret: 'harbour-chirpstack-token-9b2c' },
    });
    await harness.newSession();
    await harness.login();
    const admin = harness.page;
    await admin.goto(harness.url('/organisation-setting'));
    await chirpstack().getByText(`Operator's default: ${OPERATOR_URL}`).waitFor();
    await chirpstack().getByText('Choose an organisation to give it settings of its own.', { exact: false }).waitFor();
    expect(await chirpstack().getByRole('button', { name: 'Save' }).count()).toBe(0);

    await admin.getByRole('textbox', { name: 'Organisation ID', exact: true }).fill(organisationId);
    await admin.getByRole('button', { name: 'Show', exact: true }).click();
    await chirpstack().getByText('Stored: ••••9b2c. Leave empty to keep it.').waitFor();
    expect(await chirpstack().getByRole('textbox', { name: 'API URL' }).inputValue()).toBe('https://chirpstack.harbour.example');
  });
});

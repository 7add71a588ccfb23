import { readFile } from 'node:fs/promises';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BackupManifest } from '@sensorium/backups/common';
import { startConsole, type Console } from './support/e2e';

// Application Setting > Data Backup (shell spec §2.8) in Chromium: create, download, restore and delete a backup.
describe('data backups', () => {
  let harness: Console;
  let token: string;
  const appId = 'backup_e2e';
  const api = (method: string, path: string, body?: unknown) => harness.server.request(method, `/api${path}`, { token, body });

  beforeAll(async () => {
    harness = await startConsole();
    token = (await harness.server.login()).access_token;
    const created = await api('POST', '/application/new/', {
      id: appId,
      name: 'Backup Plant',
      description: 'Pumps',
      endCustomerId: 'end_default',
    });
    expect(created.status).toBe(201);
    await harness.login();
    harness.page.setDefaultTimeout(10_000);
  });
  afterAll(() => harness?.close());

  const openActions = async () => {
    await harness.page.getByRole('button', { name: 'Actions for Nightly copy' }).click();
  };

  it('opens the Data Backup tab with no backup copies', async () => {
    const { page } = harness;
    await page.goto(harness.url(`/app/${appId}/setting`));
    await page.getByRole('tab', { name: 'Data Backup' }).click();
    await page.getByText('No backup copies').waitFor();
  });

  it('requires a description, then creates a backup and lists it', async () => {
    const { page } = harness;
    await page.getByRole('button', { name: 'Create Backup' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Create Backup' });
    await dialog.getByRole('button', { name: 'Create Backup' }).click();
    await dialog.getByText('Description is required.').waitFor();
    await dialog.getByRole('textbox').fill('Nightly copy');
    await dialog.getByRole('button', { name: 'Create Backup' }).click();
    await dialog.waitFor({ state: 'detached' });
    const row = page.getByRole('row', { name: /Nightly copy/ });
    await row.waitFor();
    expect(await row.getByRole('cell').first().textContent()).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/);
  });

  it('downloads the backup as a zip holding the manifest', async () => {
    const { page } = harness;
    await openActions();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('menuitem', { name: 'Download' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^backup-\d{17}-[0-9a-f]{6}\.zip$/);
    const entries = unzipSync(new Uint8Array(await readFile((await download.path())!)));
    const manifest = JSON.parse(strFromU8(entries['manifest.json']!)) as BackupManifest;
    expect(manifest).toMatchObject({ formatVersion: 1, applicationId: appId, description: 'Nightly copy' });
    expect(manifest.participants).toContain('applications.application');
    expect(manifest.counts.applications).toBe(1);
  });

  it('restores the backup over a changed application after confirmation', async () => {
    const { page } = harness;
    expect((await api('PATCH', `/application/${appId}`, { name: 'Renamed Plant' })).status).toBe(200);
    await openActions();
    await page.getByRole('menuitem', { name: 'Restore' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Restore backup' });
    await dialog.getByRole('radio', { name: 'This application' }).check();
    await dialog.getByRole('button', { name: 'Restore' }).click();
    await page.getByText('Restored!', { exact: true }).waitFor();
    await dialog.waitFor({ state: 'detached' });
    expect((await api('GET', `/application/${appId}`)).body.name).toBe('Backup Plant');
  });

  it('restores into a new application id, checking the id first', async () => {
    const { page } = harness;
    await openActions();
    await page.getByRole('menuitem', { name: 'Restore' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Restore backup' });
    await dialog.getByRole('radio', { name: 'A new application' }).check();
    const newId = dialog.getByRole('textbox', { name: 'New application ID' });
    await newId.fill('Bad-Id');
    await dialog.getByText('Only lowercase character, number and underscore.').waitFor();
    expect(await dialog.getByRole('button', { name: 'Restore' }).isDisabled()).toBe(true);
    await newId.fill(appId);
    await dialog.getByRole('button', { name: 'Restore' }).click();
    await dialog.getByText('ID is taken. Try another.').waitFor();
    await newId.fill('backup_e2e_copy');
    await dialog.getByRole('button', { name: 'Restore' }).click();
    await dialog.waitFor({ state: 'detached' });
    const copy = await api('GET', '/application/backup_e2e_copy');
    expect(copy.status).toBe(200);
    expect(copy.body.name).toBe('Backup Plant');
  });

  it('deletes the backup after confirmation', async () => {
    const { page } = harness;
    await openActions();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Delete' });
    await dialog.getByText('Are you sure to delete Nightly copy?').waitFor();
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await page.getByText('No backup copies').waitFor();
    expect((await api('GET', `/backup/${appId}`)).body).toEqual([]);
  });
});

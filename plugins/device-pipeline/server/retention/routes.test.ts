import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DatabaseToken, queryRows, type Database } from '@sensorium/core/server';
import { ItemLookupToken, type Item } from '@sensorium/nodes/common';
import { createTestApplication, databaseBackends, startTestServer, type TestServer } from '../../../../host/server/testing';
import applications from '../../../applications/server';
import nodes from '../../../nodes/server';
import devicePipeline from '../index';
import { retentionDataParticipant } from './application-data';
import { RetentionSettings } from './settings';

describe.each(databaseBackends())('retention settings API on %s', (backend) => {
  let server: TestServer;
  let admin: string;
  let db: Database;

  const call = (method: string, path: string, body?: unknown, token = admin, headers?: Record<string, string>) =>
    server.request(method, `/api${path}`, { token, body, headers });
  const addItem = async (appId: string, itemName: string) => {
    const added = await server.request<Item>('POST', `/api/node-structure-item/${appId}/items`, {
      token: admin,
      body: { newItem: { itemType: 'item', itemName }, parentName: 'root' },
    });
    expect(added.status).toBe(201);
    return added.body;
  };
  const fieldPath = (appId: string, item: Item) => `/node-structure-item/${appId}/items/${item.uuid}/retention`;

  beforeAll(async () => {
    server = await startTestServer({ backend, plugins: [applications, nodes, devicePipeline] });
    admin = (await server.login()).access_token;
    db = server.running.container.resolve(DatabaseToken);
    await createTestApplication(server, admin, { id: 'kept_app', name: 'Kept' });
  });
  afterAll(() => server?.close());

  it('keeps everything forever until told otherwise, then answers what was set', async () => {
    expect((await call('GET', '/application/kept_app/retention')).body).toEqual({ rawDays: null, historyDays: null });
    const saved = await call('PUT', '/application/kept_app/retention', { rawDays: 30, historyDays: null });
    expect(saved).toMatchObject({ status: 200, body: { rawDays: 30, historyDays: null } });
    expect((await call('GET', '/application/kept_app/retention')).body).toEqual({ rawDays: 30, historyDays: null });
    // The change is audited with what it changed.
    const [record] = await queryRows<{ detail: { changes?: Record<string, unknown> } }>(
      db,
      sql`SELECT detail FROM audit_records WHERE action = 'device-pipeline.retention.save' ORDER BY id DESC LIMIT 1`,
    );
    expect(JSON.stringify(record?.detail)).toContain('rawDays');
  });

  it('refuses days out of range with a 400 naming the field, in the caller’s language', async () => {
    for (const rawDays of [0, 1.5, 36_501, 'ten']) {
      const refused = await call('PUT', '/application/kept_app/retention', { rawDays, historyDays: 7 });
      expect(refused.status).toBe(400);
      expect(refused.body).toMatchObject({
        field: 'rawDays',
        message: 'Enter a whole number of days from 1 to 36,500, or choose to keep the data forever.',
      });
    }
    const chinese = await call('PUT', '/application/kept_app/retention', { rawDays: 7, historyDays: -1 }, admin, {
      'accept-language': 'zh-HK',
    });
    expect(chinese.body).toMatchObject({
      field: 'historyDays',
      message: '請輸入 1 至 36,500 之間的整數天數，或選擇永久保留數據。',
    });
    const missing = await call('PUT', '/application/kept_app/retention', { rawDays: 7 });
    expect(missing.body).toMatchObject({ field: 'historyDays' });
    expect((await call('GET', '/application/kept_app/retention')).body).toEqual({ rawDays: 30, historyDays: null });
  });

  it('needs the setting permission to change an application’s, Node Management’s to change a field’s', async () => {
    const user = (username: string, permissions: string[], organisationId = 'org_retention') =>
      server.loginAs({ username, organisationId, permissions });
    const owner = await user('retention-owner', ['setting', 'useredit']);
    const customer = await call('POST', '/customer/end-customer/', { name: 'Retention Co' }, owner);
    await createTestApplication(server, admin, { id: 'org_app', name: 'Org', endCustomerId: customer.body.id });
    const item = await addItem('org_app', 'gate-meter');
    const reader = await user('retention-reader', ['event']);
    const operator = await user('retention-operator', ['nodemanagement']);
    const stranger = await user('retention-stranger', ['setting', 'nodemanagement'], 'org_elsewhere');

    expect((await call('GET', '/application/org_app/retention', undefined, reader)).status).toBe(200);
    expect((await call('PUT', '/application/org_app/retention', { rawDays: 1, historyDays: 1 }, reader)).status).toBe(403);
    expect((await call('PUT', '/application/org_app/retention', { rawDays: 1, historyDays: 1 }, operator)).status).toBe(403);
    expect((await call('PUT', '/application/org_app/retention', { rawDays: 1, historyDays: 1 }, owner)).status).toBe(200);
    const field = { field: 'temperature', historyDays: 5 };
    expect((await call('PUT', fieldPath('org_app', item), field, reader)).status).toBe(403);
    expect((await call('PUT', fieldPath('org_app', item), field, operator)).status).toBe(200);
    // Another organisation's user does not find the application at all.
    expect((await call('GET', '/application/org_app/retention', undefined, stranger)).status).toBe(404);
    expect((await call('PUT', '/application/org_app/retention', { rawDays: 9, historyDays: 9 }, stranger)).status).toBe(404);
    expect((await call('GET', fieldPath('org_app', item), undefined, stranger)).status).toBe(404);
    expect((await call('GET', '/application/org_app/retention')).body).toEqual({ rawDays: 1, historyDays: 1 });
  });

  it('gives a field its own history retention, forever or in days, and back to its application’s', async () => {
    const item = await addItem('kept_app', 'pump-meter');
    const path = fieldPath('kept_app', item);
    expect((await call('GET', path)).body).toEqual({ application: { rawDays: 30, historyDays: null }, fields: {} });
    await call('PUT', path, { field: 'pressure', historyDays: 90 });
    const both = await call('PUT', path, { field: 'flow', historyDays: null });
    expect(both.body).toEqual({ application: { rawDays: 30, historyDays: null }, fields: { pressure: 90, flow: null } });
    const back = await call('DELETE', `${path}/pressure`);
    expect(back).toMatchObject({ status: 200, body: { fields: { flow: null } } });
    expect((await call('PUT', path, { field: 'flow', historyDays: 0 })).body).toMatchObject({ field: 'historyDays' });
    expect((await call('PUT', path, { field: '', historyDays: 3 })).body).toMatchObject({ field: 'field' });
    // An item of no application of the caller's is not found.
    expect((await call('GET', fieldPath('kept_app', { ...item, uuid: '00000000-0000-4000-8000-00000000dead' }))).status).toBe(
      404,
    );
    // A deleted item takes its fields' settings with it.
    expect((await call('DELETE', `/node-structure-item/kept_app/items/${item.uuid}`)).status).toBe(204);
    expect(await queryRows(db, sql`SELECT field FROM device_pipeline_field_retention WHERE item_uuid = ${item.uuid}`)).toEqual(
      [],
    );
  });

  it('goes with the application’s backups (fields by item name) and is deleted with the application', async () => {
    const item = await addItem('kept_app', 'tank-meter');
    await call('PUT', fieldPath('kept_app', item), { field: 'level', historyDays: 400 });
    const settings = new RetentionSettings(db);
    const participant = retentionDataParticipant(settings, server.running.resolve(ItemLookupToken));
    const exported = await participant.exportData('kept_app');

    await createTestApplication(server, admin, { id: 'copy_app', name: 'Copy' });
    const copy = await addItem('copy_app', 'tank-meter');
    await db.transaction((tx) => participant.importData('copy_app', exported, tx as unknown as Database).then(() => undefined));
    expect((await call('GET', '/application/copy_app/retention')).body).toEqual({ rawDays: 30, historyDays: null });
    expect((await call('GET', fieldPath('copy_app', copy))).body.fields).toEqual({ level: 400 });

    expect((await call('DELETE', '/application/copy_app/')).status).toBe(204);
    expect(await queryRows(db, sql`SELECT app_id FROM device_pipeline_retention WHERE app_id = 'copy_app'`)).toEqual([]);
    expect(await queryRows(db, sql`SELECT app_id FROM device_pipeline_field_retention WHERE app_id = 'copy_app'`)).toEqual([]);
  });
});

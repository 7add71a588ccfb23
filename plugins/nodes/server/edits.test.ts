import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DataSourceSinkToken } from '@sensorium/core/server';
import { databaseBackends, startTestServer, type TestServer } from '../../../host/server/testing';
import applications from '../../applications/server';
import devicePipeline from '../../device-pipeline/server';
import { ITEM_SETTINGS } from '../common/edit-base';
import { defaultFieldPreference, defaultFirstRange, nextRange, type FieldPreference } from '../common/field-preference';
import type { Item, TreeRow } from '../common/types';
import nodes from './index';

// Edits must not be lost (issue 12 items 8, 9 and 10): stale edits answer 409 while uplinks never count as a change,
// range dialogs of unsaved ranges save with the range, and items stay leaves of the tree.
describe.each(databaseBackends())('item edits on %s', (backend) => {
  let server: TestServer;
  let admin: string;
  const base = '/api/node-structure-item/edits';

  const add = (newItem: Record<string, unknown>, parentName = 'root') =>
    server.request('POST', `${base}/items`, { token: admin, body: { newItem, parentName } });
  const addOk = async (newItem: Record<string, unknown>, parentName = 'root'): Promise<Item> => {
    const response = await add(newItem, parentName);
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    return response.body;
  };
  const get = async (uuid: string): Promise<Item> =>
    (await server.request('GET', `${base}/items/${uuid}`, { token: admin })).body;
  const patch = (uuid: string, body: Record<string, unknown>, headers: Record<string, string> = {}) =>
    server.request('PATCH', `${base}/items/${uuid}`, { token: admin, body, headers });
  const savePreference = (uuid: string, body: Record<string, unknown>) =>
    server.request('PUT', `${base}/items/${uuid}/field-preference`, { token: admin, body: { targetField: 'battery', ...body } });
  let uplinks = 0;
  const uplink = (deviceId: string, battery: number) =>
    server.running
      .resolve(DataSourceSinkToken)
      .ingest([{ source: 'api', deviceId, dedupKey: `edits-${++uplinks}`, receivedAt: new Date(), fields: { battery } }]);

  beforeAll(async () => {
    server = await startTestServer({ backend, plugins: [applications, nodes, devicePipeline] });
    admin = (await server.login()).access_token;
    const created = await server.request('POST', '/api/application/new/', {
      token: admin,
      body: { id: 'edits', name: 'Edits', description: '', endCustomerId: 'end_default' },
    });
    expect(created.status).toBe(201);
  });
  afterAll(() => server?.close());

  describe('a save based on an older item (item 8)', () => {
    it('answers 409 with a translated message when another edit changed the same setting, and saves once rebased', async () => {
      const item = await addOk({ itemName: 'timeout_a', itemType: 'item', dataSource: { type: 'api', deviceEUI: 'timeout-a' } });
      // Two consoles opened the item; the first saves a timeout, the second still shows the old one.
      const opened = ITEM_SETTINGS.connectionTimeoutSec(item);
      expect((await patch(item.uuid, { connectionTimeoutSec: 600, basedOn: { connectionTimeoutSec: opened } })).status).toBe(200);
      const stale = await patch(item.uuid, { connectionTimeoutSec: 60, basedOn: { connectionTimeoutSec: opened } });
      expect(stale.status).toBe(409);
      expect(stale.body.message).toContain('Someone else changed this after you started editing it');
      const hk = await patch(
        item.uuid,
        { connectionTimeoutSec: 60, basedOn: { connectionTimeoutSec: opened } },
        { 'accept-language': 'zh-HK' },
      );
      expect(hk.body.message).toContain('其他人已更改此設定');
      expect(ITEM_SETTINGS.connectionTimeoutSec(await get(item.uuid))).toBe(600);

      // The console reloads and keeps the typed value based on what is stored now: saving again replaces it.
      const again = await patch(item.uuid, { connectionTimeoutSec: 60, basedOn: { connectionTimeoutSec: 600 } });
      expect(again.status).toBe(200);
      expect(ITEM_SETTINGS.connectionTimeoutSec(again.body)).toBe(60);
    });

    it('lets edits of other settings and uplinks happen meanwhile', async () => {
      const item = await addOk({ itemName: 'busy_a', itemType: 'item', dataSource: { type: 'api', deviceEUI: 'busy-a' } });
      const opened = { tags: ITEM_SETTINGS.tags(item), siteAddress: ITEM_SETTINGS.siteAddress(item) };
      await uplink('busy-a', 80);
      await uplink('busy-a', 79);
      expect((await patch(item.uuid, { connectionTimeoutSec: 30, basedOn: { connectionTimeoutSec: null } })).status).toBe(200);
      const live = await get(item.uuid);
      expect(live.outputSimple.battery).toBe(79);
      expect(live.lastReceiveDate).not.toBeNull();

      const tags = await patch(item.uuid, { tags: ['north'], basedOn: { tags: opened.tags } });
      expect(tags.status, JSON.stringify(tags.body)).toBe(200);
      const address = await patch(item.uuid, { siteAddress: '1 Quay', basedOn: { siteAddress: opened.siteAddress } });
      expect(address.status).toBe(200);
      expect(address.body.geoInfo).toMatchObject({ tags: ['north'], site: { address: '1 Quay' } });
    });

    it('refuses a field preference saved over a newer one, but not over newer values of the field', async () => {
      const item = await addOk({
        itemName: 'pref_a',
        itemType: 'item',
        dataSource: { type: 'api', deviceEUI: 'pref-a' },
        input: { battery: defaultFieldPreference('battery') },
      });
      const opened = (await get(item.uuid)).input.battery!;
      await uplink('pref-a', 55);
      const first = await savePreference(item.uuid, { preference: { ...opened, unit: '%' }, basedOn: opened });
      expect(first.status, JSON.stringify(first.body)).toBe(200);
      const stale = await savePreference(item.uuid, { preference: { ...opened, unit: 'V' }, basedOn: opened });
      expect(stale.status).toBe(409);
      expect(stale.body.message).toContain('Someone else changed this');
      expect((await get(item.uuid)).input.battery!.unit).toBe('%');
    });
  });

  describe('range dialogs (item 9)', () => {
    it('stores the notification and task of a range added in the dialog with the field settings', async () => {
      const item = await addOk({
        itemName: 'ranged_a',
        itemType: 'item',
        input: { battery: defaultFieldPreference('battery') },
      });
      const first = { ...defaultFirstRange(), eventSetting: { ...defaultFirstRange().eventSetting, enable: true } };
      const added = nextRange([first])!;
      const preference: FieldPreference = {
        ...defaultFieldPreference('battery'),
        rangeEnabled: true,
        rangeSettings: {
          ...defaultFieldPreference('battery').rangeSettings,
          ranges: [
            first,
            {
              ...added,
              eventSetting: {
                ...added.eventSetting,
                enable: true,
                task: {
                  taskCreated: { enable: true, device: 'ranged_a', commandId: '' },
                  taskAcked: { enable: false, device: '', commandId: '' },
                  taskCleared: { enable: false, device: '', commandId: '' },
                },
              },
              notificationSetting: {
                smsEnabled: true,
                smsTemplate: 'Battery low on {itemName}',
                whatsappEnabled: false,
                emailEnabled: false,
                emailTemplate: '',
                voiceEnabled: false,
                voiceTemplate: '',
                departments: ['Facilities'],
              },
            },
          ],
        },
      };
      const saved = await savePreference(item.uuid, { preference });
      expect(saved.status, JSON.stringify(saved.body)).toBe(200);
      const range = (saved.body as Item).input.battery!.rangeSettings.ranges[1]!;
      expect(range.notificationSetting).toMatchObject({ smsEnabled: true, departments: ['Facilities'] });
      expect(range.eventSetting.task?.taskCreated).toEqual({ enable: true, device: 'ranged_a', commandId: '' });

      // A task naming no item of the application is refused as the task dialog's own save refuses it.
      const unknown = structuredClone(preference);
      unknown.rangeSettings.ranges[1]!.eventSetting.task!.taskAcked.device = 'nobody';
      const refused = await savePreference(item.uuid, { preference: unknown });
      expect(refused.status).toBe(400);
      expect(refused.body.message).toBe('The item nobody does not exist in this application.');
    });

    it('names a missing range by the number the range editor shows', async () => {
      const item = await addOk({ itemName: 'ranged_b', itemType: 'item', input: { battery: defaultFieldPreference('battery') } });
      // One range is stored (Range 1, index 0); the dialog's third range (index 2) is not.
      const response = await server.request('PUT', `${base}/items/${item.uuid}/notification`, {
        token: admin,
        body: { targetField: 'battery', rangeIndex: 2, notificationSetting: {} },
      });
      expect(response.status).toBe(400);
      expect(response.body.message).toBe('Range 3 does not exist for the field battery.');
    });
  });

  describe('items are leaves (item 10)', () => {
    it('refuses an item as the parent of a new item, with a translated message', async () => {
      await addOk({ itemName: 'site_a', itemType: 'node' });
      await addOk({ itemName: 'meter_a', itemType: 'item' }, 'site_a');
      const refused = await add({ itemName: 'meter_b', itemType: 'item' }, 'meter_a');
      expect(refused.status).toBe(400);
      expect(refused.body.message).toBe('meter_a is an item, and items cannot hold other items. Choose a node as the parent.');
      const cn = await server.request('POST', `${base}/items`, {
        token: admin,
        body: { newItem: { itemName: 'meter_b', itemType: 'item' }, parentName: 'meter_a' },
        headers: { 'accept-language': 'zh-CN' },
      });
      expect(cn.body.message).toContain('项目之下不能再放其他项目');
      // Beside it, under its node, is where the console's Add on the item's row adds.
      await addOk({ itemName: 'meter_b', itemType: 'item' }, 'site_a');
    });

    it('refuses a structure that moves something into an item', async () => {
      const tree = async (): Promise<TreeRow[]> => (await server.request('GET', `${base}/tree`, { token: admin })).body.items;
      const before = await tree();
      const refused = await server.request('PUT', `${base}/structure`, {
        token: admin,
        body: { structure: [{ itemName: 'site_a', children: [{ itemName: 'meter_a', children: [{ itemName: 'meter_b' }] }] }] },
      });
      expect(refused.status).toBe(400);
      expect(refused.body.message).toBe('meter_a is an item, and items cannot hold other items. Choose a node as the parent.');
      expect((await tree()).map((row) => [row.itemName, row.parentName])).toEqual(
        before.map((row) => [row.itemName, row.parentName]),
      );
    });
  });
});

import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DatabaseToken,
  dataSourceAdapters,
  defineServerPlugin,
  type Database,
  type DataSourceAdapter,
  type DeviceCommand,
} from '@sensorium/core/server';
import { databaseBackends, startTestServer, type TestServer } from '../../../host/server/testing';
import { ApplicationAccessToken } from '@sensorium/applications/common';
import applications from '../../applications/server';
import devicePipeline from '../../device-pipeline/server';
import eventActions from '../../event-actions/server';
import events from '../../events/server';
import { eventsDataParticipant } from '../../events/server/application-data';
import notifications from '../../notifications/server';
import publicAlert from '../../public-alert/server';
import { defaultFieldPreference, defaultFirstRange, nextRange } from '../common/field-preference';
import { ItemLookupToken } from '../common/item-lookup';
import type { Item, TreeRow } from '../common/types';
import { nodesDataParticipant } from './application-data-participant';
import nodes from './index';

describe.each(databaseBackends())('node management API on %s', (backend) => {
  let server: TestServer;
  let admin: string;
  let db: Database;
  const sent: DeviceCommand[] = [];
  const deleted: string[] = [];

  /** Rows of a query (the driver's result type is not known to the shared Database type). */
  const query = async (statement: SQL) => ((await db.execute(statement)) as unknown as { rows: Record<string, unknown>[] }).rows;
  const api = (appId: string) => `/api/node-structure-item/${appId}`;
  const createApp = async (id: string, token = admin, endCustomerId = 'end_default') => {
    const response = await server.request('POST', '/api/application/new/', {
      token,
      body: { id, name: `App ${id}`, description: '', endCustomerId },
    });
    expect(response.status).toBe(201);
  };
  const tree = async (appId: string, token = admin): Promise<TreeRow[]> => {
    const response = await server.request('GET', `${api(appId)}/tree`, { token });
    expect(response.status).toBe(200);
    return response.body.items;
  };
  const add = (appId: string, newItem: Record<string, unknown>, parentName = 'root', token = admin) =>
    server.request('POST', `${api(appId)}/items`, { token, body: { newItem, parentName } });
  const addOk = async (appId: string, newItem: Record<string, unknown>, parentName = 'root'): Promise<Item> => {
    const response = await add(appId, { itemType: 'item', ...newItem }, parentName);
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    return response.body;
  };
  const organisationUser = (username: string, organisationId: string, permissions: string[]) =>
    server.loginAs({ username, organisationId, permissions });

  // A stand-in for a ChirpStack data source in the host's directory of running adapters: it records what it is asked.
  const chirpstack: DataSourceAdapter = {
    type: 'chirpstack',
    start: async () => {},
    stop: async () => {},
    sendCommand: async (command) => {
      if (command.deviceId === 'ffffffffffffffff') throw new Error('device offline');
      sent.push(command);
    },
    deleteDevice: async ({ deviceId }) => {
      deleted.push(deviceId);
    },
  };
  const fakeChirpstack = defineServerPlugin({
    manifest: { id: 'fake-chirpstack', version: '0.0.0', dependsOn: ['nodes'] },
    register: (context) => context.contribute(dataSourceAdapters, chirpstack),
  });

  beforeAll(async () => {
    // The device pipeline serves the history and raw data reads; the events plugin keeps events (deleted with items and
    // applications); the notifications plugin keeps the contacts and checks the ranges' notification settings, the
    // event-actions plugin their tasks and webhooks (nodes.range-action-validators/v1).
    server = await startTestServer({
      backend,
      plugins: [applications, nodes, devicePipeline, events, eventActions, publicAlert, notifications, fakeChirpstack],
    });
    admin = (await server.login()).access_token;
    db = server.running.container.resolve(DatabaseToken);
    await createApp('plant');
  });
  afterAll(() => server?.close());

  it('creates the root node with the first tree read, at depth 1 and without a parent', async () => {
    const rows = await tree('plant');
    expect(rows).toEqual([
      expect.objectContaining({ itemName: 'root', itemType: 'node', depth: 1, parentName: null, tags: [], severity: 0 }),
    ]);
    expect(await tree('plant')).toHaveLength(1);
  });

  it('adds a node and an item and returns the item JSON of spec 3.1 with the effective store history', async () => {
    const site = await addOk('plant', {
      itemType: 'node',
      itemName: 'site-a',
      itemDisplayName: 'Site A',
      itemDescription: ' Yard ',
    });
    expect(site).toMatchObject({
      itemName: 'site-a',
      itemDisplayName: 'Site A',
      itemDescription: 'Yard',
      itemType: 'node',
      parentName: 'root',
      position: 1,
      enable: true,
      connection: false,
      lastReceiveDate: null,
      lastValidDate: null,
      input: {},
      outputSimple: {},
      status: { severity: 0, eventSeverity: 0, fieldStatus: {} },
      dataSource: {},
      geoInfo: { tags: [] },
      storeHistory: false,
    });
    const sensor = await addOk(
      'plant',
      {
        itemName: 'temp_1',
        dataSource: {
          type: 'chirpstack',
          deviceEUI: 'A84041000181C0AA',
          commands: [{ id: 'on', display: 'On', payload: { fPort: 2, data: 'AQ==' } }],
        },
        input: { temperature: { signal: 'analog', unit: '°C' } },
        geoInfo: { tags: ['cold'] },
      },
      'site-a',
    );
    expect(sensor.storeHistory).toBe(true);
    expect(sensor.parentName).toBe('site-a');
    expect(sensor.input.temperature).toEqual({ ...defaultFieldPreference('temperature'), unit: '°C' });
    const read = await server.request('GET', `${api('plant')}/items/${sensor.uuid}`, { token: admin });
    expect(read.status).toBe(200);
    expect(read.body).toEqual(sensor);
    const [row] = await query(sql`SELECT source_type, device_id FROM node_items WHERE uuid = ${sensor.uuid}`);
    expect(row).toEqual({ source_type: 'chirpstack', device_id: 'a84041000181c0aa' });
    const second = await addOk('plant', { itemName: 'temp_2' }, 'site-a');
    expect(second.position).toBe(2);
    const rows = await tree('plant');
    expect(rows.map((entry) => [entry.itemName, entry.depth, entry.parentName])).toEqual([
      ['root', 1, null],
      ['site-a', 2, 'root'],
      ['temp_1', 3, 'site-a'],
      ['temp_2', 3, 'site-a'],
    ]);
    expect(rows[2]).toMatchObject({ dataSourceType: 'chirpstack', tags: ['cold'], hasGps: false });
  });

  it('applies the item name rules of spec 5 with their messages, in the caller’s language', async () => {
    const empty = await add('plant', { itemType: 'item', itemName: '' });
    expect(empty.status).toBe(400);
    expect(empty.body).toMatchObject({ field: 'newItem.itemName', message: 'Name is required' });
    const pattern = await add('plant', { itemType: 'item', itemName: 'bad name!' });
    expect(pattern.status).toBe(400);
    expect(pattern.body.message).toBe('Only letters, numbers, hyphens (-) and underscores (_) are allowed');
    const taken = await add('plant', { itemType: 'item', itemName: 'temp_1' });
    expect(taken.status).toBe(409);
    expect(taken.body).toMatchObject({ field: 'newItem.itemName', message: 'Name is already used' });
    const hk = await server.request('POST', `${api('plant')}/items`, {
      token: admin,
      headers: { 'accept-language': 'zh-HK' },
      body: { newItem: { itemType: 'item', itemName: 'temp_1' }, parentName: 'root' },
    });
    expect(hk.body.message).toBe('名稱已被使用');
    const noParent = await add('plant', { itemType: 'item', itemName: 'orphan' }, 'nowhere');
    expect(noParent.status).toBe(400);
    expect(noParent.body.message).toBe('The parent item nowhere does not exist in this application.');
    const availability = async (name: string) =>
      (
        await server.request('GET', `${api('plant')}/item-name-availability?itemName=${encodeURIComponent(name)}`, {
          token: admin,
        })
      ).body.available;
    expect(await availability('temp_1')).toBe(false);
    expect(await availability('temp_9')).toBe(true);
    expect(await availability('bad name')).toBe(false);
  });

  it('refuses a device that another item already uses, with a clear 409', async () => {
    const response = await add('plant', {
      itemType: 'item',
      itemName: 'temp_dup',
      dataSource: { type: 'chirpstack', deviceEUI: 'a84041000181c0aa' },
    });
    expect(response.status).toBe(409);
    expect(response.body.message).toBe('The device a84041000181c0aa (chirpstack) is already used by another item.');
    const otherSource = await add('plant', {
      itemType: 'item',
      itemName: 'temp_ttn',
      dataSource: { type: 'ttn', deviceEUI: 'a84041000181c0aa' },
    });
    expect(otherSource.status).toBe(201);
  });

  it('keeps the tree at most 7 levels deep when adding', async () => {
    await createApp('deep');
    let parent = 'root';
    for (let level = 2; level <= 7; level++) {
      await addOk('deep', { itemType: 'node', itemName: `level${level}` }, parent);
      parent = `level${level}`;
    }
    const tooDeep = await add('deep', { itemType: 'item', itemName: 'level8' }, 'level7');
    expect(tooDeep.status).toBe(400);
    expect(tooDeep.body.message).toBe('The tree can be at most 7 levels deep.');
    expect((await tree('deep')).at(-1)).toMatchObject({ itemName: 'level7', depth: 7 });
  });

  it('saves a structure and reads it back in the new order; refuses unknown names, duplicates and too deep trees', async () => {
    await createApp('layout');
    for (const name of ['a', 'b', 'c', 'd']) await addOk('layout', { itemType: 'node', itemName: name });
    const save = (structure: unknown) =>
      server.request('PUT', `${api('layout')}/structure`, { token: admin, body: { structure } });
    const saved = await save([
      { itemName: 'root', children: [{ itemName: 'c', children: [{ itemName: 'a' }, { itemName: 'b' }] }, { itemName: 'd' }] },
    ]);
    expect(saved.status).toBe(200);
    const expected = [
      ['root', 1, null, 1],
      ['c', 2, 'root', 1],
      ['a', 3, 'c', 1],
      ['b', 3, 'c', 2],
      ['d', 2, 'root', 2],
    ];
    const shape = (rows: TreeRow[]) => rows.map((row) => [row.itemName, row.depth, row.parentName, row.position]);
    expect(shape(saved.body.items)).toEqual(expected);
    expect(shape(await tree('layout'))).toEqual(expected);

    // A list without the root is the root's children.
    expect((await save([{ itemName: 'd' }, { itemName: 'c' }])).status).toBe(200);
    expect((await tree('layout')).map((row) => row.itemName)).toEqual(['root', 'd', 'c', 'a', 'b']);

    const unknown = await save([{ itemName: 'root', children: [{ itemName: 'ghost' }] }]);
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toBe('The item ghost does not exist in this application.');
    const twice = await save([
      { itemName: 'root', children: [{ itemName: 'a' }, { itemName: 'c', children: [{ itemName: 'a' }] }] },
    ]);
    expect(twice.status).toBe(400);
    expect(twice.body.message).toBe('The item a appears more than once in the structure.');
    const nested = (names: string[]): unknown => (names.length ? [{ itemName: names[0], children: nested(names.slice(1)) }] : []);
    for (const name of ['e', 'f', 'g', 'h']) await addOk('layout', { itemType: 'node', itemName: name });
    const deep = await save([{ itemName: 'root', children: nested(['a', 'b', 'c', 'd', 'e', 'f', 'g']) }]);
    expect(deep.status).toBe(400);
    expect(deep.body.message).toBe('The tree can be at most 7 levels deep.');
    const rootInside = await save([{ itemName: 'root', children: [{ itemName: 'a', children: [{ itemName: 'root' }] }] }]);
    expect(rootInside.status).toBe(400);
    expect((await tree('layout')).map((row) => row.itemName)).toEqual(['root', 'd', 'c', 'a', 'b', 'e', 'f', 'g', 'h']);
  });

  it('refuses to delete the root and deletes an item with everything below it', async () => {
    await createApp('pruning');
    const [root] = await tree('pruning');
    const refused = await server.request('DELETE', `${api('pruning')}/items/${root!.uuid}`, { token: admin });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe('Not Allowed: You are not allowed to delete the root item.');
    const site = await addOk('pruning', { itemType: 'node', itemName: 'site' });
    const child = await addOk(
      'pruning',
      { itemName: 'child', dataSource: { type: 'chirpstack', deviceEUI: '00000000000000c1' } },
      'site',
    );
    await db.execute(
      sql`INSERT INTO field_history (item_uuid, field, at, value) VALUES (${child.uuid}, 'temperature', now(), 1)`,
    );
    await db.execute(sql`
      INSERT INTO node_events (app_id, item_uuid, item_name, field, range_index, severity)
      VALUES ('pruning', ${child.uuid}, 'child', 'temperature', 0, 4)
    `);
    const removed = await server.request('DELETE', `${api('pruning')}/items/${site.uuid}?deleteExternal=false`, { token: admin });
    expect(removed.status).toBe(204);
    expect((await server.request('GET', `${api('pruning')}/items/${child.uuid}`, { token: admin })).status).toBe(404);
    expect((await tree('pruning')).map((row) => row.itemName)).toEqual(['root']);
    const history = await query(sql`SELECT count(*)::int AS n FROM field_history WHERE item_uuid = ${child.uuid}`);
    expect(history[0]).toEqual({ n: 0 });
    expect(await query(sql`SELECT id FROM node_events WHERE app_id = 'pruning'`)).toEqual([]);
    expect(deleted).toEqual([]);
    // The device is free again, and deleteExternal removes a ChirpStack device at its server.
    const again = await addOk('pruning', {
      itemName: 'again',
      dataSource: { type: 'chirpstack', deviceEUI: '00000000000000C1' },
    });
    expect(
      (await server.request('DELETE', `${api('pruning')}/items/${again.uuid}?deleteExternal=true`, { token: admin })).status,
    ).toBe(204);
    expect(deleted).toEqual(['00000000000000c1']);
    // A source with no adapter able to delete refuses, and keeps the item.
    const unreachable = await addOk('pruning', { itemName: 'unreachable', dataSource: { type: 'lift', deviceEUI: 'lift-7' } });
    const noDeleter = await server.request('DELETE', `${api('pruning')}/items/${unreachable.uuid}?deleteExternal=true`, {
      token: admin,
    });
    expect(noDeleter.status).toBe(400);
    expect(noDeleter.body.message).toBe('No adapter is running for the data source lift, so the device cannot be reached.');
    expect((await server.request('GET', `${api('pruning')}/items/${unreachable.uuid}`, { token: admin })).status).toBe(200);
  });

  it('saves a field preference merged with the defaults and answers 400 with clear messages for invalid ones', async () => {
    const item = await addOk('plant', { itemName: 'pref_item' });
    const url = `${api('plant')}/items/${item.uuid}/field-preference`;
    const save = (preference: unknown, language = 'en') =>
      server.request('PUT', url, {
        token: admin,
        headers: { 'accept-language': language },
        body: { targetField: 'temperature', preference },
      });
    const first = defaultFirstRange();
    const second = nextRange([first])!;
    const saved = await save({ signal: 'analog', unit: '°C', rangeEnabled: true, rangeSettings: { ranges: [first, second] } });
    expect(saved.status).toBe(200);
    expect(saved.body.input.temperature).toMatchObject({
      signal: 'analog',
      unit: '°C',
      rangeEnabled: true,
      filter: { min: -100000, max: 100000 },
      rangeSettings: { belowMinimum: { minNumber: null }, ranges: [first, second] },
    });

    const ranges = Array.from({ length: 17 }, () => defaultFirstRange());
    const tooMany = await save({ rangeSettings: { ranges } });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body).toMatchObject({ field: 'preference.rangeSettings.ranges', message: 'At most 16 ranges are allowed.' });
    const colour = await save({ rangeSettings: { ranges: [{ ...first, color: 'blue' }] } });
    expect(colour.body).toMatchObject({
      field: 'preference.rangeSettings.ranges.0.color',
      message: 'Please choose red, purple, orange, yellow, green or N/A.',
    });
    const number = await save({ rangeSettings: { ranges: [{ ...first, endNum: 'ten' }] } });
    expect(number.body.message).toBe('This value must be a number.');
    const webhook = (setting: Record<string, unknown>) => ({
      rangeSettings: {
        ranges: [
          {
            ...first,
            webhookSetting: { enable: true, method: 'POST', url: 'https://hooks.example/x', headers: '', body: '', ...setting },
          },
        ],
      },
    });
    expect((await save(webhook({}))).status).toBe(200);
    expect((await save(webhook({ method: '' }))).body.message).toBe('Method is required');
    expect((await save(webhook({ method: 'PUT' }))).body.message).toBe('Please choose GET or POST.');
    expect((await save(webhook({ url: '' }))).body.message).toBe('Url is required');
    expect((await save(webhook({ url: 'ftp://x' }))).body.message).toBe('Please enter a valid URL (http:// or https://)');
    const json = await save(webhook({ headers: '{not json' }));
    expect(json.body).toMatchObject({
      field: 'preference.rangeSettings.ranges.0.webhookSetting.headers',
      message: 'Please enter valid JSON format or leave empty',
    });
    expect((await save(webhook({ body: '{"value": 1' }), 'zh-CN')).body.message).toBe('请输入有效的 JSON 格式或留空');
    const after = await server.request('GET', `${api('plant')}/items/${item.uuid}`, { token: admin });
    expect(after.body.input.temperature.rangeSettings.ranges[0].webhookSetting.url).toBe('https://hooks.example/x');
  });

  it('computes a node’s node data from its children when the field preference is saved and on refresh', async () => {
    const node = await addOk('plant', { itemType: 'node', itemName: 'cold-room' });
    for (const [name, temperature] of [
      ['cr1', 2],
      ['cr2', 4],
      ['cr3', 9],
    ] as const) {
      await addOk('plant', { itemName: name, outputSimple: { temperature } }, 'cold-room');
    }
    const url = `${api('plant')}/items/${node.uuid}/field-preference`;
    const saved = await server.request('PUT', url, {
      token: admin,
      body: { targetField: 'avgTemp', preference: { nodeData: { source: 'average', expression: 'children.temperature' } } },
    });
    expect(saved.status).toBe(200);
    expect(saved.body.outputSimple.avgTemp).toBe(5);
    await server.request('PUT', url, {
      token: admin,
      body: { targetField: 'maxTemp', preference: { nodeData: { source: 'max', expression: 'children.temperature' } } },
    });
    await db.execute(
      sql`UPDATE node_items SET output_simple = '{"temperature": 12}' WHERE app_id = 'plant' AND item_name = 'cr1'`,
    );
    const refreshed = await server.request('POST', `${api('plant')}/items/${node.uuid}/refresh`, { token: admin });
    expect(refreshed.body.outputSimple).toMatchObject({ avgTemp: (12 + 4 + 9) / 3, maxTemp: 12 });
    const wrong = await server.request('PUT', url, {
      token: admin,
      body: { targetField: 'x', preference: { nodeData: { source: 'sum', expression: 'children.temperature' } } },
    });
    expect(wrong.body.message).toBe('Please choose As Custom Field, Average, Median, Min, Max or Count.');
  });

  it('saves notification, task and override settings of a field', async () => {
    const input = {
      level: {
        ...defaultFieldPreference('level'),
        rangeSettings: { belowMinimum: { minNumber: null }, aboveMaximum: { maxNumber: null }, ranges: [defaultFirstRange()] },
      },
    };
    const item = await addOk('plant', { itemName: 'level_meter', input, outputSimple: { level: 40 } });
    const base = `${api('plant')}/items/${item.uuid}`;
    const notification = await server.request('PUT', `${base}/notification`, {
      token: admin,
      body: {
        targetField: 'level',
        rangeIndex: 0,
        notificationSetting: { smsEnabled: true, smsTemplate: 'Level {{value}}', departments: ['Ops'] },
      },
    });
    expect(notification.status).toBe(200);
    expect((notification.body as Item).input.level!.rangeSettings.ranges[0]!.notificationSetting).toMatchObject({
      smsEnabled: true,
      smsTemplate: 'Level {{value}}',
      emailEnabled: false,
      departments: ['Ops'],
    });
    // The notifications plugin checks the setting (nodes.range-action-validators/v1); nodes names the place.
    const wrong = await server.request('PUT', `${base}/notification`, {
      token: admin,
      body: { targetField: 'level', rangeIndex: 0, notificationSetting: { smsEnabled: 'yes' } },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.field).toBe('notificationSetting.smsEnabled');
    const inPreference = await server.request('PUT', `${base}/field-preference`, {
      token: admin,
      body: {
        targetField: 'level',
        preference: {
          ...input.level,
          rangeSettings: { ranges: [{ ...defaultFirstRange(), notificationSetting: { departments: 'Ops' } }] },
        },
      },
    });
    expect(inPreference.status).toBe(400);
    expect(inPreference.body.field).toBe('preference.rangeSettings.ranges.0.notificationSetting.departments');
    const missingRange = await server.request('PUT', `${base}/notification`, {
      token: admin,
      body: { targetField: 'level', rangeIndex: 3, notificationSetting: {} },
    });
    expect(missingRange.status).toBe(400);
    // Index 3 is the range editor's Range 4.
    expect(missingRange.body.message).toBe('Range 4 does not exist for the field level.');
    const task = await server.request('PUT', `${base}/task`, {
      token: admin,
      body: { targetField: 'level', rangeIndex: 0, task: { taskCreated: { enable: true, device: 'temp_1', commandId: 'on' } } },
    });
    expect(task.status).toBe(200);
    expect((task.body as Item).input.level!.rangeSettings.ranges[0]!.eventSetting.task).toEqual({
      taskCreated: { enable: true, device: 'temp_1', commandId: 'on' },
      taskAcked: { enable: false, device: '', commandId: '' },
      taskCleared: { enable: false, device: '', commandId: '' },
    });
    const unknownDevice = await server.request('PUT', `${base}/task`, {
      token: admin,
      body: { targetField: 'level', rangeIndex: 0, task: { taskAcked: { enable: true, device: 'nobody', commandId: '' } } },
    });
    expect(unknownDevice.body.message).toBe('The item nobody does not exist in this application.');
    const override = await server.request('PUT', `${base}/override`, {
      token: admin,
      body: { targetField: 'level', overrideValueEnabled: true, overrideValue: 55 },
    });
    expect(override.status).toBe(200);
    expect(override.body.input.level).toMatchObject({ overrideValueEnabled: true, overrideValue: 55 });
    // The override applies at once: the value shown is the override, evaluated against the ranges.
    expect(override.body.outputSimple.level).toBe(55);
    expect(override.body.status.fieldStatus.level).toEqual({ status: 'range1', color: 'green' });
    const unknownField = await server.request('PUT', `${base}/override`, {
      token: admin,
      body: { targetField: 'nothing', overrideValueEnabled: true, overrideValue: 1 },
    });
    expect(unknownField.body.message).toBe('The field nothing does not exist on this item.');
  });

  it('changes the flags of an item with PATCH', async () => {
    const item = await addOk('plant', { itemName: 'flags', dataSource: { type: 'chirpstack', deviceEUI: '00000000000000f1' } });
    const patch = (body: Record<string, unknown>, uuid = item.uuid) =>
      server.request('PATCH', `${api('plant')}/items/${uuid}`, { token: admin, body });
    const changed = await patch({
      enable: false,
      enableHistory: false,
      connectionTimeoutSec: 600,
      tags: ['north', ' north ', 'roof', ''],
      itemDisplayName: ' Roof sensor ',
      siteAddress: '1 Harbour Road',
      confirmCoordinates: true,
      geoCoordinates: { lat: 22.39641234567, lng: 114.1095 },
    });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({
      enable: false,
      storeHistory: false,
      itemDisplayName: 'Roof sensor',
      dataSource: { enableHistory: false, connectionTimeoutSec: 600 },
      geoInfo: {
        tags: ['north', 'roof'],
        site: { address: '1 Harbour Road', geoCoordinates: [114.1095, 22.396412] },
        point: { lat: 22.396412, lng: 114.1095 },
      },
    });
    expect((await tree('plant')).find((row) => row.itemName === 'flags')).toMatchObject({ hasGps: true, enable: false });
    for (const connectionTimeoutSec of [-1, 1.5]) {
      const bad = await patch({ connectionTimeoutSec });
      expect(bad.status).toBe(400);
      expect(bad.body.message).toBe('The connection timeout must be a whole number of seconds, 0 or more.');
    }
    const eui = await patch({ deviceEUI: '00000000000000f2' });
    expect(eui.status).toBe(400);
    expect(eui.body.message).toBe('The device EUI of a chirpstack item cannot be changed here.');
    const plc = await addOk('plant', { itemName: 'plc', dataSource: { type: 'rec-plc-adaptor', deviceEUI: 'PLC-1' } });
    const plcChanged = await patch({ deviceEUI: 'PLC-2' }, plc.uuid);
    expect(plcChanged.body.dataSource.deviceEUI).toBe('PLC-2');
    const plc2 = await addOk('plant', { itemName: 'plc2', dataSource: { type: 'rec-plc-adaptor', deviceEUI: 'PLC-3' } });
    expect((await patch({ deviceEUI: 'plc-2' }, plc2.uuid)).status).toBe(409);
    expect((await patch({ unknown: true })).status).toBe(400);
  });

  it('lists commands after "No command selected" and sends them through the adapter of the item’s source', async () => {
    const item = await addOk('plant', {
      itemName: 'valve',
      dataSource: {
        type: 'chirpstack',
        deviceEUI: 'ABCDEF0000000001',
        application: 'app-uuid',
        commands: [
          { id: 'open', display: 'Open', payload: { fPort: 3, confirmed: true, data: 'AQ==' } },
          { id: 'close', display: 'Close', payload: { object: { valve: 0 } } },
        ],
      },
    });
    const base = `${api('plant')}/items/${item.uuid}`;
    const commands = await server.request('GET', `${base}/commands`, { token: admin });
    expect(commands.body.commands.map((command: { id: string; display: string }) => [command.id, command.display])).toEqual([
      ['', 'No command selected'],
      ['open', 'Open'],
      ['close', 'Close'],
    ]);
    const sentOk = await server.request('POST', `${base}/command`, { token: admin, body: { commandId: 'open' } });
    expect(sentOk.status).toBe(200);
    expect(sent.at(-1)).toMatchObject({ deviceId: 'abcdef0000000001', port: 3, confirmed: true, data: 'AQ==' });
    await server.request('POST', `${base}/command`, { token: admin, body: { commandId: 'close' } });
    expect(sent.at(-1)).toMatchObject({ object: { valve: 0 }, dataSource: { application: 'app-uuid' } });
    const output = await server.request('POST', `${base}/output`, {
      token: admin,
      body: { targetField: 'relay', value: 1, dataSourceType: 'chirpstack' },
    });
    expect(output.status).toBe(200);
    expect(sent.at(-1)).toMatchObject({ deviceId: 'abcdef0000000001', object: { relay: 1 } });
    const unknown = await server.request('POST', `${base}/command`, { token: admin, body: { commandId: 'explode' } });
    expect(unknown.body.message).toBe("The command explode is not one of this item's commands.");

    const ttn = await addOk('plant', {
      itemName: 'ttn_valve',
      dataSource: { type: 'ttn', deviceEUI: 'valve-1', commands: [{ id: 'open', display: 'Open', payload: 'AQ==' }] },
    });
    const noAdapter = await server.request('POST', `${api('plant')}/items/${ttn.uuid}/command`, {
      token: admin,
      body: { commandId: 'open' },
    });
    expect(noAdapter.status).toBe(400);
    expect(noAdapter.body.message).toBe('No adapter is running for the data source ttn, so the device cannot be reached.');
    const offline = await addOk('plant', {
      itemName: 'offline',
      dataSource: { type: 'chirpstack', deviceEUI: 'ffffffffffffffff', commands: [{ id: 'on', display: 'On', payload: 'AQ==' }] },
    });
    const failed = await server.request('POST', `${api('plant')}/items/${offline.uuid}/command`, {
      token: admin,
      body: { commandId: 'on' },
    });
    expect(failed.status).toBe(502);
    expect(failed.body.message).toBe('The device server refused the command: device offline');
  });

  it('answers geo info of a node with the nodes and sensors below it, a page at a time', async () => {
    await createApp('maps');
    const site = await addOk('maps', { itemType: 'node', itemName: 'site', geoInfo: { tags: [], site: { address: 'Pier 1' } } });
    await addOk('maps', { itemType: 'node', itemName: 'floor' }, 'site');
    await addOk('maps', { itemName: 'sensor', geoInfo: { tags: ['x'], point: { lat: 22.3, lng: 114.1 } } }, 'floor');
    const response = await server.request('GET', `${api('maps')}/geo-info/${site.uuid}`, { token: admin });
    expect(response.status).toBe(200);
    expect(response.body.data.parent).toMatchObject({
      itemName: 'site',
      parentName: 'root',
      geoInfo: { site: { address: 'Pier 1' } },
    });
    expect(response.body.data.children.map((child: { itemName: string }) => child.itemName)).toEqual(['floor', 'sensor']);
    expect(response.body.data.children[1].geoInfo.point).toEqual({ lat: 22.3, lng: 114.1 });
    expect(response.body.data.total).toBe(2);

    // A site with thousands of sensors comes a page at a time.
    const page = (number: number) =>
      server.request('GET', `${api('maps')}/geo-info/${site.uuid}?page=${number}&size=1`, { token: admin });
    const second = await page(1);
    expect(second.body.data).toMatchObject({ parent: { itemName: 'site' }, total: 2 });
    expect(second.body.data.children.map((child: { itemName: string }) => child.itemName)).toEqual(['sensor']);
    expect((await page(2)).body.data.children).toEqual([]);
    const tooLarge = await server.request('GET', `${api('maps')}/geo-info/${site.uuid}?size=1000`, { token: admin });
    expect(tooLarge.status).toBe(400);
  });

  it('reads field history of the application', async () => {
    const item = await addOk('plant', { itemName: 'charted' });
    const now = Date.now();
    await db.execute(sql`
      INSERT INTO field_history (item_uuid, field, at, value, text_value) VALUES
        (${item.uuid}, 'temperature', ${new Date(now - 60_000).toISOString()}, 20.5, NULL),
        (${item.uuid}, 'temperature', ${new Date(now - 30_000).toISOString()}, 21, NULL),
        (${item.uuid}, 'state', ${new Date(now - 30_000).toISOString()}, NULL, 'running'),
        (${item.uuid}, 'temperature', ${new Date(now - 3 * 86_400_000).toISOString()}, 5, NULL)
    `);
    const history = await server.request('GET', `${api('plant')}/items/${item.uuid}/history`, { token: admin });
    expect(history.body.series).toEqual({
      state: [[now - 30_000, 'running']],
      temperature: [
        [now - 60_000, 20.5],
        [now - 30_000, 21],
      ],
    });
    const from = new Date(now - 4 * 86_400_000).toISOString();
    const one = await server.request('GET', `${api('plant')}/items/${item.uuid}/history?field=temperature&from=${from}`, {
      token: admin,
    });
    expect(one.body.series.temperature).toHaveLength(3);
  });

  it('hides another organisation’s application (404) and refuses writes without nodemanagement (403)', async () => {
    const owner = await organisationUser('owner', 'org_a', ['useredit', 'nodemanagement']);
    const reader = await organisationUser('reader', 'org_a', []);
    const stranger = await organisationUser('stranger', 'org_b', ['useredit', 'nodemanagement']);
    const customer = await server.request('POST', '/api/customer/end-customer/', { token: owner, body: { name: 'Org A plant' } });
    await createApp('tenant_app', owner, customer.body.id);
    const item = await addOk('tenant_app', { itemName: 'secret' });

    const base = api('tenant_app');
    const strangerCalls = [
      server.request('GET', `${base}/tree`, { token: stranger }),
      server.request('GET', `${base}/items/${item.uuid}`, { token: stranger }),
      server.request('POST', `${base}/items`, {
        token: stranger,
        body: { newItem: { itemType: 'item', itemName: 'x' }, parentName: 'root' },
      }),
      server.request('PATCH', `${base}/items/${item.uuid}`, { token: stranger, body: { enable: false } }),
      server.request('DELETE', `${base}/items/${item.uuid}`, { token: stranger }),
      server.request('GET', `${base}/contacts`, { token: stranger }),
      server.request('POST', '/api/raw-data-history/search', {
        token: stranger,
        body: { appId: 'tenant_app', viewMode: 'realtime' },
      }),
    ];
    for (const response of await Promise.all(strangerCalls)) expect(response.status).toBe(404);

    expect((await tree('tenant_app', reader)).map((row) => row.itemName)).toEqual(['root', 'secret']);
    const readerWrites = [
      server.request('POST', `${base}/items`, {
        token: reader,
        body: { newItem: { itemType: 'item', itemName: 'x' }, parentName: 'root' },
      }),
      server.request('PATCH', `${base}/items/${item.uuid}`, { token: reader, body: { enable: false } }),
      server.request('DELETE', `${base}/items/${item.uuid}`, { token: reader }),
      server.request('PUT', `${base}/structure`, { token: reader, body: { structure: [] } }),
      server.request('PUT', `${base}/items/${item.uuid}/field-preference`, {
        token: reader,
        body: { targetField: 't', preference: {} },
      }),
      server.request('POST', `${base}/items/${item.uuid}/command`, { token: reader, body: { commandId: 'x' } }),
    ];
    for (const response of await Promise.all(readerWrites)) expect(response.status).toBe(403);
    expect((await server.request('GET', `${base}/items/${item.uuid}`, { token: owner })).body.enable).toBe(true);
  });

  it('shows an item’s device keys only to users with nodemanagement', async () => {
    const manager = await organisationUser('key_manager', 'org_k', ['useredit', 'nodemanagement']);
    const viewer = await organisationUser('key_viewer', 'org_k', []);
    const customer = await server.request('POST', '/api/customer/end-customer/', { token: manager, body: { name: 'Org K' } });
    await createApp('keys_app', manager, customer.body.id);
    const appKey = '0123456789abcdef0123456789abcdef';
    const item = await addOk('keys_app', {
      itemName: 'otaa',
      dataSource: { type: 'ttn', deviceEUI: '00000000000000c1', activateMethod: 'OTAA', appKey, appEUI: '70b3d57ed0000001' },
    });
    const url = `${api('keys_app')}/items/${item.uuid}`;
    const managed = await server.request('GET', url, { token: manager });
    expect(managed.body.dataSource.appKey).toBe(appKey);
    const viewed = await server.request('GET', url, { token: viewer });
    expect(viewed.status).toBe(200);
    expect(viewed.body.dataSource).toMatchObject({ appKey: '********', appEUI: '70b3d57ed0000001', activateMethod: 'OTAA' });
    expect(JSON.stringify(viewed.body)).not.toContain(appKey);
  });

  it('backs up items and events and restores them into a new application with fresh uuids', async () => {
    await createApp('source_app');
    const site = await addOk('source_app', { itemType: 'node', itemName: 'site' });
    const sensor = await addOk(
      'source_app',
      { itemName: 'bound', dataSource: { type: 'chirpstack', deviceEUI: '00000000000000b1' } },
      'site',
    );
    await db.execute(sql`
      INSERT INTO node_events (app_id, item_uuid, item_name, field, range_index, severity)
      VALUES ('source_app', ${sensor.uuid}, 'bound', 'temperature', 0, 4)
    `);
    // The items are the nodes plugin's share, the events the events plugin's (restored after the items).
    const refreshed = async () => {};
    const participants = [
      nodesDataParticipant(db),
      eventsDataParticipant(
        db,
        server.running.resolve(ItemLookupToken),
        server.running.resolve(ApplicationAccessToken),
        refreshed,
      ),
    ];
    expect(participants.map((participant) => participant.order)).toEqual([20, 21]);
    const exported = await Promise.all(participants.map((participant) => participant.exportData('source_app')));
    expect(exported.map((data) => data.data.map((set) => [set.table, set.rows.length]))).toEqual([
      [['node_items', 3]],
      [
        ['node_events', 1],
        ['events_history', 0],
      ],
    ]);
    const restore = async (appId: string, deleteFirst: boolean) =>
      db.transaction(async (transaction) => {
        if (deleteFirst) for (const participant of [...participants].reverse()) await participant.deleteData(appId, transaction);
        for (const [index, participant] of participants.entries()) {
          await participant.importData(appId, JSON.parse(JSON.stringify(exported[index])), transaction);
        }
      });
    await createApp('copy_app');
    await restore('copy_app', false);
    const copied = await tree('copy_app');
    expect(copied.map((row) => [row.itemName, row.depth])).toEqual([
      ['root', 1],
      ['site', 2],
      ['bound', 3],
    ]);
    expect(copied.map((row) => row.uuid)).not.toContain(site.uuid);
    const copy = await server.request('GET', `${api('copy_app')}/items/${copied[2]!.uuid}`, { token: admin });
    expect(copy.body.dataSource.deviceEUI).toBe('00000000000000b1');
    const bound = await query(sql`SELECT app_id FROM node_items WHERE device_id = '00000000000000b1'`);
    expect(bound).toEqual([{ app_id: 'source_app' }]);
    const events = await query(sql`SELECT item_uuid FROM node_events WHERE app_id = 'copy_app'`);
    expect(events).toEqual([{ item_uuid: copied[2]!.uuid }]);

    // Restoring into the same application (after its data is deleted) keeps the uuids.
    await restore('source_app', true);
    expect((await tree('source_app')).map((row) => row.uuid)).toContain(sensor.uuid);
    expect(await query(sql`SELECT item_uuid FROM node_events WHERE app_id = 'source_app'`)).toEqual([{ item_uuid: sensor.uuid }]);
  });

  it('reports open events to the alarm bell and deletes the nodes data with the application', async () => {
    await createApp('alarms');
    const item = await addOk('alarms', { itemName: 'sensor' });
    const event = (range: number, severity: number, cleared: boolean) => sql`
      INSERT INTO node_events (app_id, item_uuid, item_name, field, range_index, severity, is_cleared, event_status)
      VALUES ('alarms', ${item.uuid}, 'sensor', 'temperature', ${range}, ${severity}, ${cleared}, ${cleared ? 'cleared' : 'created'})
    `;
    await db.execute(event(0, 2, false));
    await db.execute(event(1, 4, false));
    await db.execute(event(2, 4, false));
    await db.execute(event(2, 4, true));
    const summary = await server.request('GET', '/api/system-events-api/system-events/summary/', { token: admin });
    expect(summary.body.filter((row: { appId: string }) => row.appId === 'alarms')).toEqual([
      { appId: 'alarms', severity: 4, count: '2' },
      { appId: 'alarms', severity: 2, count: '1' },
    ]);

    await db.execute(
      sql`INSERT INTO raw_data (app_id, item_name, source, dedup_key) VALUES ('alarms', 'sensor', 'api', 'alarm-1')`,
    );
    await db.execute(sql`INSERT INTO field_history (item_uuid, field, at, value) VALUES (${item.uuid}, 'temperature', now(), 1)`);
    await db.execute(sql`INSERT INTO contacts (app_id, name) VALUES ('alarms', 'Bob')`);
    expect((await server.request('DELETE', '/api/application/alarms/', { token: admin })).status).toBe(204);
    const left = await query(sql`
      SELECT (SELECT count(*) FROM node_items WHERE app_id = 'alarms')::int AS items,
             (SELECT count(*) FROM node_events WHERE app_id = 'alarms')::int AS events,
             (SELECT count(*) FROM raw_data WHERE app_id = 'alarms')::int AS raw,
             (SELECT count(*) FROM field_history WHERE item_uuid = ${item.uuid})::int AS history,
             (SELECT count(*) FROM contacts WHERE app_id = 'alarms')::int AS contacts
    `);
    expect(left[0]).toEqual({ items: 0, events: 0, raw: 0, history: 0, contacts: 0 });
  });
});

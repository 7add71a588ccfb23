import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { PUSH_TOPICS, type PushMessage } from '@sensorium/core/common';
import {
  DatabaseToken,
  DataSourceSinkToken,
  PushHubToken,
  readWorkbookRows,
  UserDirectoryToken,
  type DataSourceSink,
  type Database,
  type Uplink,
} from '@sensorium/core/server';
import type { Item, TreeRow } from '@sensorium/nodes/common';
import { databaseBackends, startTestServer, type TestServer } from '../../../host/server/testing';
import applications from '../../applications/server';
import nodes from '../../nodes/server';
import users from '../../users/server';
import type { NodeValuesMessage } from '../common/live-values';
import devicePipeline from './index';
import events from '../../events/server';
import rawData from '../../raw-data/server';

const APP = 'tagged';

// User Setup limits an end-customer user to devices carrying one of its tags (issue 11, finding 14): everywhere items
// are read or written, and in the live values.
describe.each(databaseBackends())('device-tag limits of User Setup on %s', (backend) => {
  let server: TestServer;
  let admin: string;
  let limited: string;
  let unlimited: string;
  let sink: DataSourceSink;
  let north: Item;
  let south: Item;
  let hall: Item;

  const api = `/api/node-structure-item/${APP}`;
  const as = (token: string) => ({
    get: (path: string) => server.request('GET', path, { token }),
    send: (method: string, path: string, body?: unknown) => server.request(method, path, { token, body }),
  });
  const addItem = async (itemName: string, tags: string[], parentName = 'root', deviceEUI?: string): Promise<Item> => {
    const dataSource = deviceEUI ? { type: 'chirpstack', deviceEUI } : undefined;
    const itemType = deviceEUI ? 'item' : 'node';
    const added = await as(admin).send('POST', `${api}/items`, { newItem: { itemType, itemName, dataSource }, parentName });
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    const tagged = await as(admin).send('PATCH', `${api}/items/${added.body.uuid}`, { tags });
    expect(tagged.status, JSON.stringify(tagged.body)).toBe(200);
    return tagged.body;
  };
  /** An end-customer user of the application's end customer, allowed to manage nodes; its access token. */
  const endCustomerUser = async (username: string): Promise<{ id: string; token: string }> => {
    const directory = server.running.container.resolve(UserDirectoryToken);
    const group = await directory.createGroup({ name: `${username} group`, permissions: ['nodemanagement'] as never });
    const password = `${username}-Passw0rd!`;
    const { id } = await directory.createUser({
      username,
      password,
      level: 'end-customer',
      groupId: group.id,
      endCustomerId: 'end_default',
    });
    return { id, token: (await server.login(username, password)).access_token };
  };
  const uplink = (deviceId: string, power: number): Uplink => ({
    source: 'chirpstack',
    deviceId,
    dedupKey: `${deviceId}-${power}`,
    receivedAt: new Date(),
    fields: { power },
    raw: { power },
  });
  const names = (rows: { itemName: string | null }[]) => rows.map((row) => row.itemName).sort();

  beforeAll(async () => {
    server = await startTestServer({ backend, plugins: [applications, users, nodes, devicePipeline, events, rawData] });
    admin = (await server.login()).access_token;
    const created = await as(admin).send('POST', '/api/application/new/', {
      id: APP,
      name: 'Tagged',
      description: '',
      endCustomerId: 'end_default',
    });
    expect(created.status).toBe(201);
    expect((await as(admin).get(`${api}/tree`)).status).toBe(200);
    hall = await addItem('hall', []);
    north = await addItem('north-meter', ['north', 'power'], 'hall', '00000000000a0001');
    south = await addItem('south-meter', ['south'], 'hall', '00000000000a0002');
    await addItem('store', []);

    const limitedUser = await endCustomerUser('north_viewer');
    const unlimitedUser = await endCustomerUser('all_viewer');
    limited = limitedUser.token;
    unlimited = unlimitedUser.token;
    for (const [userId, deviceTags] of [
      [limitedUser.id, ['north']],
      [unlimitedUser.id, []],
    ] as const) {
      const added = await as(admin).send('POST', `/api/application-users/${APP}/users`, { userId, deviceTags });
      expect(added.status, JSON.stringify(added.body)).toBe(201);
    }

    sink = server.running.resolve(DataSourceSinkToken) as DataSourceSink;
    expect(await sink.ingest([uplink('00000000000a0001', 1), uplink('00000000000a0002', 2)])).toMatchObject({ stored: 2 });
  });
  afterAll(() => server?.close());

  it('shows a limited user the tree of its tagged items and the nodes above them; others the whole tree', async () => {
    const tree = await as(limited).get(`${api}/tree`);
    expect(tree.status).toBe(200);
    expect((tree.body.items as TreeRow[]).map((row) => row.itemName)).toEqual(['root', 'hall', 'north-meter']);
    for (const token of [unlimited, admin]) {
      const whole = await as(token).get(`${api}/tree`);
      expect(names(whole.body.items)).toEqual(['hall', 'north-meter', 'root', 'south-meter', 'store']);
    }
    const geo = await as(limited).get(`${api}/geo-info/${hall.uuid}`);
    expect(geo.status).toBe(200);
    expect(names(geo.body.data.children)).toEqual(['north-meter']);
  });

  it('answers 404 for an item outside the limit, to reads and writes alike, and changes nothing', async () => {
    expect((await as(limited).get(`${api}/items/${north.uuid}`)).body).toMatchObject({ itemName: 'north-meter' });
    expect((await as(limited).get(`${api}/items/${south.uuid}`)).status).toBe(404);
    expect((await as(unlimited).get(`${api}/items/${south.uuid}`)).status).toBe(200);
    expect((await as(limited).send('PATCH', `${api}/items/${south.uuid}`, { itemDisplayName: 'Mine' })).status).toBe(404);
    expect((await as(limited).send('POST', `${api}/items/${south.uuid}/refresh`)).status).toBe(404);
    expect((await as(limited).send('DELETE', `${api}/items/${south.uuid}`)).status).toBe(404);
    // The node above both meters is shown, but is not the limited user's to change: deleting it would take the south one.
    expect((await as(limited).get(`${api}/items/${hall.uuid}`)).status).toBe(200);
    expect((await as(limited).send('DELETE', `${api}/items/${hall.uuid}`)).status).toBe(404);
    expect((await as(limited).send('PATCH', `${api}/items/${north.uuid}`, { itemDisplayName: 'Mine' })).status).toBe(200);
    expect((await as(admin).get(`${api}/items/${south.uuid}`)).body).toMatchObject({ itemDisplayName: '' });
    const below = await as(limited).send('POST', `${api}/items`, {
      newItem: { itemType: 'node', itemName: 'x' },
      parentName: 'store',
    });
    expect(below.status).toBe(400);
    expect(below.body.field).toBe('parentName');
    // Moving a hidden item is refused as if it did not exist.
    const moved = await as(limited).send('PUT', `${api}/structure`, {
      structure: [{ itemName: 'hall', children: [{ itemName: 'south-meter' }] }],
    });
    expect(moved.status).toBe(400);
    expect(moved.body.field).toBe('structure');
  });

  it('keeps history, raw data and its Excel export to the items within the limit (404 and no rows)', async () => {
    const history = await as(limited).get(`${api}/items/${north.uuid}/history`);
    expect(history.body.series.power).toEqual([[expect.any(Number), 1]]);
    expect((await as(limited).get(`${api}/items/${south.uuid}/history`)).status).toBe(404);
    expect((await as(unlimited).get(`${api}/items/${south.uuid}/history`)).body.series.power).toEqual([[expect.any(Number), 2]]);

    const search = { appId: APP, viewMode: 'realtime', isItemSpecific: false };
    const raw = await as(limited).send('POST', '/api/raw-data-history/search', search);
    expect(names(raw.body.rows)).toEqual(['north-meter']);
    expect(raw.body.total).toBe(1);
    const asked = await as(limited).send('POST', '/api/raw-data-history/search', {
      ...search,
      isItemSpecific: true,
      tags: ['south-meter'],
    });
    expect(asked.body).toEqual({ rows: [], total: 0 });
    expect(names((await as(unlimited).send('POST', '/api/raw-data-history/search', search)).body.rows)).toEqual([
      'north-meter',
      'south-meter',
    ]);

    const excel = await fetch(`${server.url}/api/raw-data-history/search/excel`, {
      method: 'POST',
      headers: { authorization: `Bearer ${limited}`, 'content-type': 'application/json' },
      body: JSON.stringify(search),
    });
    expect(excel.status).toBe(200);
    const rows = await readWorkbookRows(await excel.arrayBuffer());
    expect(rows.slice(1).map((row) => row[2])).toEqual(['north-meter']);
  });

  it('counts in the alarm bell only the open events of items within the limit', async () => {
    const db: Database = server.running.container.resolve(DatabaseToken);
    await db.execute(sql`
      INSERT INTO node_events (app_id, item_uuid, item_name, field, range_index, severity) VALUES
        (${APP}, ${north.uuid}, 'north-meter', 'power', 0, 2),
        (${APP}, ${south.uuid}, 'south-meter', 'power', 0, 4),
        (${APP}, ${south.uuid}, 'south-meter', 'power', 1, 4)
    `);
    const summary = '/api/system-events-api/system-events/summary/';
    expect((await as(limited).get(summary)).body).toEqual([{ appId: APP, severity: 2, count: '1' }]);
    expect((await as(unlimited).get(summary)).body).toEqual([
      { appId: APP, severity: 4, count: '2' },
      { appId: APP, severity: 2, count: '1' },
    ]);
  });

  it('pushes live values of a south item to the unlimited user only, and of a north item to both', async () => {
    const hub = server.running.container.resolve(PushHubToken);
    const connect = async (token: string) => {
      const socket = new WebSocket(`${server.url.replace(/^http/, 'ws')}/api/ws?token=${encodeURIComponent(token)}`);
      const values: string[] = [];
      socket.on('message', (data) => {
        const message = JSON.parse(String(data)) as PushMessage<NodeValuesMessage>;
        if (message.topic === PUSH_TOPICS.nodeValues) values.push(...message.data.items.map((item) => item.uuid));
      });
      await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
      socket.send(JSON.stringify({ subscribe: PUSH_TOPICS.nodeValues, key: APP }));
      return { socket, values };
    };
    const limitedSocket = await connect(limited);
    const allSocket = await connect(unlimited);
    await expect.poll(() => hub.hasSubscribers(PUSH_TOPICS.nodeValues, APP)).toBe(true);

    // A north value reaches both: both sockets have subscribed.
    await sink.ingest([uplink('00000000000a0001', 10)]);
    await expect.poll(() => limitedSocket.values).toContain(north.uuid);
    await expect.poll(() => allSocket.values).toContain(north.uuid);
    await sink.ingest([uplink('00000000000a0002', 11)]);
    await expect.poll(() => allSocket.values).toContain(south.uuid);
    // A later north value arrives after anything the south one could have sent the limited socket.
    await sink.ingest([uplink('00000000000a0001', 12)]);
    await expect.poll(() => limitedSocket.values.filter((uuid) => uuid === north.uuid).length).toBe(2);
    expect(limitedSocket.values).not.toContain(south.uuid);
    limitedSocket.socket.close();
    allSocket.socket.close();
  });

  it('tags a device added by a limited user with the first of its tags, so it stays in view', async () => {
    const added = await as(limited).send('POST', `${api}/items`, {
      newItem: {
        itemType: 'item',
        itemName: 'new-north-meter',
        dataSource: { type: 'chirpstack', deviceEUI: '00000000000a0003' },
      },
      parentName: 'hall',
    });
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    expect(added.body.geoInfo.tags).toEqual(['north']);
    const tree = await as(limited).get(`${api}/tree`);
    expect((tree.body.items as TreeRow[]).map((row) => row.itemName)).toContain('new-north-meter');
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApplication, databaseBackends, startTestServer, type TestServer } from '../../../../host/server/testing';
import applications from '../../../applications/server';
import { ItemLookupToken, type ItemLookup } from '../../common/item-lookup';
import type { Item } from '../../common/types';
import nodes from '../index';

const APP = 'lookup_app';
const OTHER = 'lookup_other';
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

describe.each(databaseBackends())('nodes ItemLookup on %s', (backend) => {
  let server: TestServer;
  let admin: string;
  let lookup: ItemLookup;
  const items: Record<string, Item> = {};
  const api = (appId: string) => `/api/node-structure-item/${appId}`;
  const add = async (appId: string, itemName: string, itemType: 'node' | 'item', parentName = 'root', tags: string[] = []) => {
    const response = await server.request('POST', `${api(appId)}/items`, {
      token: admin,
      body: { parentName, newItem: { itemType, itemName, geoInfo: { tags }, dataSource: { type: 'api' } } },
    });
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    items[itemName] = response.body as Item;
  };

  beforeAll(async () => {
    server = await startTestServer({ backend, plugins: [applications, nodes] });
    admin = (await server.login()).access_token;
    await createTestApplication(server, admin, { id: APP, name: 'Lookup' });
    await createTestApplication(server, admin, { id: OTHER, name: 'Other' });
    // root > site > floor > (cold-room, office), root > yard-sensor; another application's sensor.
    await add(APP, 'site', 'node');
    await add(APP, 'floor', 'node', 'site');
    await add(APP, 'cold-room', 'item', 'floor', ['cold']);
    await add(APP, 'office', 'item', 'floor', ['warm']);
    await add(APP, 'yard-sensor', 'item', 'root', ['cold']);
    await add(OTHER, 'elsewhere', 'item');
    lookup = server.running.resolve(ItemLookupToken);
  });
  afterAll(() => server?.close());

  const names = (devices: { item: Item; path: string[] }[]) => devices.map(({ item, path }) => [item.itemName, path]);

  it('reads only the devices among the uuids asked for, placed and ordered as in the whole tree', async () => {
    const wanted = ['yard-sensor', 'cold-room', 'floor'].map((name) => items[name]!.uuid);
    const whole = await lookup.devices(APP, null);
    const some = await lookup.devices(APP, null, wanted);
    // Nodes are not devices; tree order, not the order asked in.
    expect(names(some)).toEqual([
      ['cold-room', ['root', 'site', 'floor']],
      ['yard-sensor', ['root']],
    ]);
    expect(some).toEqual(whole.filter(({ item }) => wanted.includes(item.uuid)));
  });

  it('keeps the device-tag limit, and never answers another application’s items or malformed uuids', async () => {
    const all = Object.values(items).map((item) => item.uuid);
    expect(names(await lookup.devices(APP, ['warm'], all))).toEqual([['office', ['root', 'site', 'floor']]]);
    expect(names(await lookup.devices(OTHER, null, [items['cold-room']!.uuid, 'not-a-uuid']))).toEqual([]);
    expect(await lookup.devices(APP, null, [])).toEqual([]);
  });

  it('answers a node’s floor plan and its image, within the application only', async () => {
    const floor = items.floor!.uuid;
    expect(await lookup.floorPlan(APP, floor)).toBeNull();
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(PNG)], { type: 'image/png' }), 'plan.png');
    const uploaded = await fetch(`${server.url}${api(APP)}/items/${floor}/object?kind=FLOORPLAN`, {
      method: 'POST',
      headers: { authorization: `Bearer ${admin}` },
      body: form,
    });
    const { image } = (await uploaded.json()) as { image: string };
    const request = (method: string, path: string, body: unknown) =>
      server.request(method, `${api(APP)}/items/${floor}${path}`, { token: admin, body });
    expect((await request('POST', '/floor-plan', { image })).status).toBe(200);
    const pins = [{ itemName: 'cold-room', x: 0.25, y: 0.5 }];
    expect((await request('PUT', '/floor-plan/pins', { pins })).status).toBe(200);

    expect(await lookup.floorPlan(APP, floor)).toEqual({ image, pins });
    expect(await lookup.floorPlanImage(APP, floor)).toEqual({ content: PNG, contentType: 'image/png' });
    expect(await lookup.floorPlan(OTHER, floor)).toBeNull();
    expect(await lookup.floorPlanImage(OTHER, floor)).toBeNull();
    expect(await lookup.floorPlan(APP, 'not-a-uuid')).toBeNull();
  });
});

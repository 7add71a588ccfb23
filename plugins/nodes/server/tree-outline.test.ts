import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { DatabaseToken, UserDirectoryToken } from '@sensorium/core/server';
import { databaseBackends, startTestServer, type TestServer } from '../../../host/server/testing';
import applications from '../../applications/server';
import users from '../../users/server';
import { decodeOutline, type TreeOutline } from '../common/tree-outline';
import type { Item, TreeRow } from '../common/types';
import nodes from './index';
import { nodeItems } from './schema';

const APP = 'outlined';
const api = `/api/node-structure-item/${APP}`;

describe.each(databaseBackends())('the tree outline on %s', (backend) => {
  let server: TestServer;
  let admin: string;
  let limited: string;

  const get = async <T>(path: string, token = admin): Promise<T> => {
    const response = await server.request<T>('GET', path, { token });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    return response.body;
  };
  const add = async (newItem: Record<string, unknown>, parentName = 'root'): Promise<Item> => {
    const response = await server.request<Item>('POST', `${api}/items`, { token: admin, body: { newItem, parentName } });
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    return response.body;
  };
  const patch = async (item: Item, body: Record<string, unknown>) => {
    const response = await server.request('PATCH', `${api}/items/${item.uuid}`, { token: admin, body });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
  };
  /** What the console's rows show of GET /tree's rows. */
  const shown = (rows: TreeRow[]) =>
    rows.map(({ connection: _connection, dataSourceType: _type, ...row }, index) => ({
      ...row,
      // The outline counts places from 0 in tree order; stored positions may start anywhere.
      position: rows.slice(0, index).filter((other) => other.parentName === row.parentName).length,
    }));

  beforeAll(async () => {
    server = await startTestServer({ backend, plugins: [applications, users, nodes] });
    admin = (await server.login()).access_token;
    const created = await server.request('POST', '/api/application/new/', {
      token: admin,
      body: { id: APP, name: 'Outlined', description: '', endCustomerId: 'end_default' },
    });
    expect(created.status).toBe(201);
    await get(`${api}/tree`);
    const hall = await add({ itemType: 'node', itemName: 'hall', itemDisplayName: 'Main hall' });
    const north = await add({ itemType: 'item', itemName: 'north-meter', dataSource: { type: 'api', deviceEUI: 'n1' } }, 'hall');
    await add({ itemType: 'item', itemName: 'south-meter', dataSource: { type: 'api', deviceEUI: 's1' } }, 'hall');
    await add({ itemType: 'node', itemName: 'yard' });
    await patch(north, { tags: ['north'], enable: false, geoCoordinates: { lat: 22.3, lng: 114.1 } });
    await patch(hall, { tags: [] });

    const directory = server.running.container.resolve(UserDirectoryToken);
    const group = await directory.createGroup({ name: 'viewers', permissions: [] });
    const { id } = await directory.createUser({
      username: 'north_viewer',
      password: 'north-Passw0rd!',
      level: 'end-customer',
      groupId: group.id,
      endCustomerId: 'end_default',
    });
    const member = await server.request('POST', `/api/application-users/${APP}/users`, {
      token: admin,
      body: { userId: id, deviceTags: ['north'] },
    });
    expect(member.status, JSON.stringify(member.body)).toBe(201);
    limited = (await server.login('north_viewer', 'north-Passw0rd!')).access_token;
  });
  afterAll(() => server?.close());

  it('shows what GET /tree shows of each row, in the same order', async () => {
    const outline = decodeOutline(await get<TreeOutline>(`${api}/tree-outline`));
    const rows = (await get<{ items: TreeRow[] }>(`${api}/tree`)).items;
    expect(outline).toEqual(shown(rows));
    expect(outline.map((row) => row.itemName)).toEqual(['root', 'hall', 'north-meter', 'south-meter', 'yard']);
    expect(outline[1]).toMatchObject({ itemDisplayName: 'Main hall', itemType: 'node', parentName: 'root', depth: 2 });
    expect(outline[2]).toMatchObject({ parentName: 'hall', enable: false, hasGps: true, tags: ['north'], itemType: 'item' });
  });

  it('leaves out the data source, values and field settings: those load with the item', async () => {
    const outline = await get<TreeOutline>(`${api}/tree-outline`);
    expect(Object.keys(outline).sort()).toEqual(
      ['depth', 'eventSeverity', 'flags', 'itemDisplayName', 'itemName', 'severity', 'tags', 'uuid'].sort(),
    );
  });

  it('shows a user limited to device tags the rows GET /tree shows it', async () => {
    const outline = decodeOutline(await get<TreeOutline>(`${api}/tree-outline`, limited));
    expect(outline.map((row) => row.itemName)).toEqual(['root', 'hall', 'north-meter']);
    expect(outline).toEqual(shown((await get<{ items: TreeRow[] }>(`${api}/tree`, limited)).items));
  });

  it('answers what the rows are now after any write, one that bypasses the API included (answers are cached)', async () => {
    const names = async () => decodeOutline(await get<TreeOutline>(`${api}/tree-outline`));
    expect((await names()).find((row) => row.itemName === 'yard')).toMatchObject({ severity: 0, itemDisplayName: '' });
    // As ingest writes a severity: straight into the status, touching nothing else.
    const db = server.running.container.resolve(DatabaseToken);
    await db
      .update(nodeItems)
      .set({ status: sql`coalesce(${nodeItems.status}, '{}'::jsonb) || '{"severity": 2}'::jsonb` })
      .where(eq(nodeItems.itemName, 'yard'));
    expect((await names()).find((row) => row.itemName === 'yard')).toMatchObject({ severity: 2 });
    const yard = (await get<{ items: TreeRow[] }>(`${api}/tree`)).items.find((row) => row.itemName === 'yard')!;
    await patch({ uuid: yard.uuid } as Item, { itemDisplayName: 'Back yard' });
    expect((await names()).find((row) => row.itemName === 'yard')).toMatchObject({ itemDisplayName: 'Back yard' });
    // The limited view is its own: the cached full tree never reaches it.
    expect((await get<TreeOutline>(`${api}/tree-outline`, limited)).itemName).toEqual(['root', 'hall', 'north-meter']);
  });

  it('is a 404 for an application the caller cannot see', async () => {
    const stranger = await server.loginAs({ username: 'stranger', organisationId: 'org_b', permissions: ['nodemanagement'] });
    expect((await server.request('GET', '/api/node-structure-item/outlined/tree-outline', { token: stranger })).status).toBe(404);
  });
});

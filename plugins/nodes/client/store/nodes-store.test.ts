import { describe, expect, it } from 'vitest';
import { fakeApi } from '../../../../core/client/testing/fake-api';
import type { OutlineRow } from '../../common/tree-outline';
import type { Item } from '../../common/types';
import { NodesStore } from './nodes-store';
import { testItem, testOutline, testRow, testRows } from './test-data';

function server() {
  const rows: OutlineRow[] = testRows();
  let item: Item = testItem();
  const api = fakeApi({
    'GET node-structure-item/:appId/tree-outline': () => testOutline(rows),
    'GET node-structure-item/:appId/items/:uuid': ({ params }) =>
      params.uuid === item.uuid ? item : testItem({ uuid: params.uuid!, itemName: params.uuid!.slice(2) }),
    'GET node-structure-item/:appId/items/:uuid/commands': () => ({ commands: [] }),
    'PATCH node-structure-item/:appId/items/:uuid': ({ body }) => {
      const patch = body as { tags?: string[]; itemDisplayName?: string };
      item = { ...item, ...patch, geoInfo: { ...item.geoInfo, tags: patch.tags ?? item.geoInfo.tags } };
      return item;
    },
    'DELETE node-structure-item/:appId/items/:uuid': () => {
      rows.splice(
        rows.findIndex((row) => row.itemName === 'sensor1'),
        1,
      );
      return undefined;
    },
  });
  return { api, rows };
}

describe('NodesStore', () => {
  it('opens an application afresh and reveals the selected item once its tree is there', async () => {
    const { api } = server();
    const store = NodesStore.create({}, { http: api.http });
    store.tree.reset('other');
    store.setTab('nodes.basic');
    const opening = store.open('a1');
    const selecting = store.select('u-sensor2');
    await Promise.all([opening, selecting]);
    expect(store.appId).toBe('a1');
    expect(store.tab).toBeNull();
    expect(store.item.detail?.itemName).toBe('sensor2');
    expect(store.tree.scrollRequest).toEqual({ index: 3, seq: 1 });
  });

  it('lets the selected item’s tree row follow what was saved in the panel', async () => {
    const { api } = server();
    const store = NodesStore.create({}, { http: api.http });
    await store.open('a1');
    await store.select('u-sensor1');
    await store.item.patch({ itemDisplayName: 'Lobby', tags: ['lobby'] });
    expect(store.tree.byUuid.get('u-sensor1')).toMatchObject({ itemDisplayName: 'Lobby', tags: ['lobby'] });
  });

  it('reloads the tree after a delete, and after an add reveals the new row', async () => {
    const { api, rows } = server();
    const store = NodesStore.create({}, { http: api.http });
    await store.open('a1');
    await store.select('u-sensor1');
    expect((await store.removeSelected(false)).ok).toBe(true);
    expect(store.tree.byUuid.has('u-sensor1')).toBe(false);

    rows.push(testRow('sensor3', 'floor2', 0));
    store.tree.toggle('floor2');
    await store.added(testItem({ uuid: 'u-sensor3', itemName: 'sensor3', parentName: 'floor2' }));
    expect(store.tree.visible.map((flat) => flat.row.itemName)).toContain('sensor3');
    expect(store.tree.scrollRequest?.index).toBe(4);
  });

  it('opens the add-item wizard for a parent and closes it', () => {
    const store = NodesStore.create({ appId: 'a1' }, { http: server().api.http });
    store.openWizard('floor2');
    expect(store.wizard).toMatchObject({ appId: 'a1', parentName: 'floor2', nameStatus: 'unchecked' });
    store.closeWizard();
    expect(store.wizard).toBeNull();
  });
});

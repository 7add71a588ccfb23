import { applySnapshot } from 'mobx-state-tree';
import { describe, expect, it } from 'vitest';
import { apiError, fakeApi } from '../../../../core/client/testing/fake-api';
import { TreeStore } from './tree-store';
import { testOutline, testRows } from './test-data';

const BASE = 'node-structure-item/:appId';
const OUTLINE = `GET ${BASE}/tree-outline`;

async function loaded(routes: Parameters<typeof fakeApi>[0] = {}) {
  const api = fakeApi({ [OUTLINE]: () => testOutline(), ...routes });
  const tree = TreeStore.create({ appId: 'a1' }, { http: api.http });
  await tree.load();
  return { tree, api };
}

describe('TreeStore', () => {
  it('loads the rows of the application as a tree', async () => {
    const { tree, api } = await loaded();
    expect(api.calls).toEqual(['GET node-structure-item/a1/tree-outline']);
    expect(tree.visible.map((flat) => flat.row.itemName)).toEqual(['root', 'floor1', 'sensor1', 'sensor2', 'floor2']);
    expect(tree.pathOf('sensor2')).toEqual(['root', 'floor1']);
    expect(tree.byUuid.get('u-sensor1')?.itemName).toBe('sensor1');
    expect(tree.loading.pending).toBe(false);
  });

  it('tells an unknown application (404) from other failures', async () => {
    const missing = fakeApi({ [OUTLINE]: () => apiError(404, 'Not found') });
    const tree = TreeStore.create({ appId: 'nope' }, { http: missing.http });
    expect((await tree.load()).ok).toBe(false);
    expect(tree.notFound).toBe(true);
    expect(tree.tree).toBeNull();

    const broken = fakeApi({ [OUTLINE]: () => apiError(500, 'Broken') });
    const other = TreeStore.create({ appId: 'a1' }, { http: broken.http });
    await other.load();
    expect(other.notFound).toBe(false);
    expect(other.loading.failure?.message).toBe('Broken');
  });

  it('moves an item by drag and drop, dirty until saved, and sends the structure', async () => {
    let sent: unknown = null;
    const { tree } = await loaded({
      [`PUT ${BASE}/structure`]: ({ body }) => {
        sent = body;
        return undefined;
      },
    });
    tree.toggle('floor2');
    expect(tree.move('sensor2', 'floor2', 'inside')).toMatchObject({ ok: true });
    expect(tree.dirty).toBe(true);
    // A drop inside a collapsed node opens it.
    expect(tree.collapsed.has('floor2')).toBe(false);
    expect(tree.pathOf('sensor2')).toEqual(['root', 'floor2']);
    expect((await tree.saveStructure()).ok).toBe(true);
    expect(sent).toEqual({
      structure: [
        {
          itemName: 'root',
          children: [
            { itemName: 'floor1', children: [{ itemName: 'sensor1', children: [] }] },
            { itemName: 'floor2', children: [{ itemName: 'sensor2', children: [] }] },
          ],
        },
      ],
    });
  });

  it('refuses a move that makes the tree too deep or moves the root', async () => {
    const { tree } = await loaded();
    expect(tree.move('root', 'floor1', 'inside')).toEqual({ ok: false, reason: 'root' });
    expect(tree.dirty).toBe(false);
    expect(tree.checkDrop('floor1', 'sensor1', 'inside')).toBe('cycle');
  });

  it('searches, expands the first match and asks the list to scroll to it', async () => {
    const { tree } = await loaded();
    tree.toggle('floor1');
    expect(tree.visible.map((flat) => flat.row.itemName)).toEqual(['root', 'floor1', 'floor2']);
    tree.search('SENSOR');
    expect(tree.hits).toEqual(['sensor1', 'sensor2']);
    expect(tree.collapsed.has('floor1')).toBe(false);
    expect(tree.scrollRequest).toEqual({ index: 2, seq: 1 });
    tree.reveal('floor2');
    expect(tree.scrollRequest).toEqual({ index: 4, seq: 2 });
  });

  it('applies live severities, and saved item changes, to the rows', async () => {
    const { tree } = await loaded();
    const before = tree.tree;
    tree.applyPush({
      appId: 'a1',
      items: [
        {
          uuid: 'u-sensor1',
          connection: true,
          status: { severity: 4, eventSeverity: 2, fieldStatus: {} },
          outputSimple: {},
          lastReceiveDate: null,
          lastValidDate: null,
        },
      ],
    });
    expect(tree.byUuid.get('u-sensor1')).toMatchObject({ severity: 4, eventSeverity: 2 });
    expect(tree.tree).not.toBe(before);

    const pushed = tree.tree;
    tree.updateRow('sensor1', { tags: [] });
    expect(tree.tree).toBe(pushed);
    tree.updateRow('sensor1', { itemDisplayName: 'Lobby', tags: ['lobby'] });
    expect(tree.byUuid.get('u-sensor1')).toMatchObject({ itemDisplayName: 'Lobby', tags: ['lobby'] });
    expect(tree.knownTags).toEqual(['lobby']);
  });

  it('reloads when the tree changed elsewhere (an item deleted or moved), keeping an unsaved drag', async () => {
    let rows = testRows();
    const { tree, api } = await loaded({ [OUTLINE]: () => testOutline(rows) });
    // Someone else deleted sensor2.
    rows = testRows().filter((row) => row.itemName !== 'sensor2');
    await tree.changedElsewhere();
    expect(tree.visible.map((flat) => flat.row.itemName)).toEqual(['root', 'floor1', 'sensor1', 'floor2']);
    expect(tree.byUuid.has('u-sensor2')).toBe(false);

    // While the user's own drag is unsaved, the tree stays as the user left it.
    tree.move('sensor1', 'floor2', 'inside');
    rows = testRows();
    const loads = api.calls.length;
    await tree.changedElsewhere();
    expect(api.calls).toHaveLength(loads);
    expect(tree.pathOf('sensor1')).toEqual(['root', 'floor2']);
    expect(tree.dirty).toBe(true);
  });

  it('forgets the rows when reset by snapshot (the root store does so when the user changes)', async () => {
    const { tree } = await loaded();
    applySnapshot(tree, {});
    expect(tree.tree).toBeNull();
    expect(tree.rows).toEqual([]);
  });
});

import { describe, expect, it } from 'vitest';
import type { OutlineRow } from '../../common/tree-outline';
import {
  addParentOf,
  buildTree,
  dropPlacement,
  MAX_TREE_DEPTH,
  moveItem,
  scrollOffsetFor,
  searchTree,
  toStructure,
  treeKeyAction,
  visibleRows,
  windowRange,
} from './tree-model';

const row = (itemName: string, parentName: string | null, position = 0, itemDisplayName = ''): OutlineRow => ({
  uuid: `uuid-${itemName}`,
  itemName,
  itemDisplayName,
  // Sensors and leaves are items; the root, floors and chain links are nodes.
  itemType: /^(sensor|leaf)/.test(itemName) ? 'item' : 'node',
  parentName,
  position,
  depth: 0,
  enable: true,
  severity: 0,
  eventSeverity: 0,
  tags: [],
  hasGps: false,
  hasFloorPlan: false,
  hasPin: false,
});

const sample = () =>
  buildTree([
    row('root', null),
    row('floor1', 'root', 0, 'Floor 1'),
    row('sensorA', 'floor1', 1),
    row('sensorB', 'floor1', 0, 'Lobby sensor'),
    row('floor2', 'root', 1),
  ]);

/** A chain root → n1 → n2 … of the given number of levels. */
const chain = (levels: number) =>
  buildTree(
    Array.from({ length: levels }, (_, i) => row(i === 0 ? 'root' : `n${i}`, i === 0 ? null : i === 1 ? 'root' : `n${i - 1}`)),
  );

describe('node tree model', () => {
  it('lists rows depth-first in position order, with 1-based positions', () => {
    const rows = visibleRows(sample(), new Set());
    expect(rows.map((r) => [r.row.itemName, r.depth, r.position])).toEqual([
      ['root', 0, 1],
      ['floor1', 1, 1],
      ['sensorB', 2, 1],
      ['sensorA', 2, 2],
      ['floor2', 1, 2],
    ]);
    expect(rows[1]).toMatchObject({ hasChildren: true, expanded: true });
  });

  it('hides the descendants of collapsed nodes', () => {
    const rows = visibleRows(sample(), new Set(['floor1']));
    expect(rows.map((r) => r.row.itemName)).toEqual(['root', 'floor1', 'floor2']);
    expect(rows[1]!.expanded).toBe(false);
  });

  it('searches names and display names case-insensitively, also inside collapsed branches', () => {
    expect(searchTree(sample(), 'LOBBY')).toEqual(['sensorB']);
    expect(searchTree(sample(), 'floor')).toEqual(['floor1', 'floor2']);
    expect(searchTree(sample(), 'sensor')).toEqual(['sensorB', 'sensorA']);
    expect(searchTree(sample(), '  ')).toEqual([]);
  });

  it('re-parents and reorders, renumbering positions', () => {
    const moved = moveItem(sample(), 'sensorA', 'floor2', 'inside');
    expect(moved.ok).toBe(true);
    if (!moved.ok) return;
    expect(toStructure(moved.tree)).toEqual([
      {
        itemName: 'root',
        children: [
          { itemName: 'floor1', children: [{ itemName: 'sensorB', children: [] }] },
          { itemName: 'floor2', children: [{ itemName: 'sensorA', children: [] }] },
        ],
      },
    ]);
    const before = moveItem(moved.tree, 'floor2', 'floor1', 'before');
    expect(before.ok && toStructure(before.tree)[0]!.children!.map((c) => c.itemName)).toEqual(['floor2', 'floor1']);
    expect(before.ok && before.tree.rows.get('floor1')!.position).toBe(1);
  });

  it('refuses moving the root, beside the root, into its own subtree and onto itself', () => {
    expect(moveItem(sample(), 'root', 'floor1', 'inside')).toEqual({ ok: false, reason: 'root' });
    expect(moveItem(sample(), 'floor1', 'root', 'before')).toEqual({ ok: false, reason: 'root' });
    expect(moveItem(sample(), 'floor1', 'sensorA', 'inside')).toEqual({ ok: false, reason: 'cycle' });
    expect(moveItem(sample(), 'floor1', 'floor1', 'after')).toEqual({ ok: false, reason: 'same' });
  });

  it(`refuses a move that makes the tree deeper than ${MAX_TREE_DEPTH} levels`, () => {
    const tree = chain(MAX_TREE_DEPTH);
    const last = `n${MAX_TREE_DEPTH - 1}`;
    // A new leaf under the deepest node would be level 8.
    const withLeaf = buildTree([...tree.rows.values(), row('leaf', 'root', 5), row('hub', 'root', 6)]);
    expect(moveItem(withLeaf, 'leaf', last, 'inside')).toEqual({ ok: false, reason: 'depth' });
    expect(moveItem(withLeaf, 'leaf', last, 'after').ok).toBe(true);
    // Moving the six-level subtree of n1 under the level-2 node hub would also reach level 8; beside it is fine.
    expect(moveItem(withLeaf, 'n1', 'hub', 'inside')).toEqual({ ok: false, reason: 'depth' });
    expect(moveItem(withLeaf, 'n1', 'hub', 'after').ok).toBe(true);
  });

  it('keeps items as leaves: nothing drops into an item, and Add on an item row adds under its node (issue 12 item 10)', () => {
    expect(moveItem(sample(), 'floor2', 'sensorA', 'inside')).toEqual({ ok: false, reason: 'leaf' });
    expect(moveItem(sample(), 'sensorB', 'sensorA', 'inside')).toEqual({ ok: false, reason: 'leaf' });
    const beside = moveItem(sample(), 'sensorB', 'sensorA', 'after');
    expect(beside.ok && beside.tree.rows.get('sensorB')!.parentName).toBe('floor1');
    expect(addParentOf(sample(), 'sensorA')).toBe('floor1');
    expect(addParentOf(sample(), 'floor2')).toBe('floor2');
    expect(addParentOf(sample(), 'root')).toBe('root');
  });

  it('computes the drop zone and the rendered window of the virtual list', () => {
    expect(dropPlacement(2, 32)).toBe('before');
    expect(dropPlacement(16, 32)).toBe('inside');
    expect(dropPlacement(30, 32)).toBe('after');
    expect(windowRange(0, 320, 32, 10_000, 5)).toEqual({ start: 0, end: 15 });
    expect(windowRange(32_000, 320, 32, 10_000, 5)).toEqual({ start: 995, end: 1015 });
    expect(windowRange(319_800, 320, 32, 10_000, 5).end).toBe(10_000);
    expect(scrollOffsetFor(100, 320, 32)).toBe(100 * 32 - 160 + 16);
  });

  it('moves the selection and expands or collapses with the arrow keys', () => {
    const rows = visibleRows(sample(), new Set());
    // root, floor1, sensorB, sensorA, floor2
    expect(treeKeyAction(rows, -1, 'ArrowDown')).toEqual({ select: 0 });
    expect(treeKeyAction(rows, 1, 'ArrowDown')).toEqual({ select: 2 });
    expect(treeKeyAction(rows, 4, 'ArrowDown')).toEqual({ select: 4 });
    expect(treeKeyAction(rows, 1, 'ArrowUp')).toEqual({ select: 0 });
    expect(treeKeyAction(rows, 2, 'End')).toEqual({ select: 4 });
    expect(treeKeyAction(rows, 1, 'ArrowLeft')).toEqual({ toggle: 'floor1' });
    expect(treeKeyAction(rows, 3, 'ArrowLeft')).toEqual({ select: 1 });
    expect(treeKeyAction(rows, 1, 'ArrowRight')).toEqual({ select: 2 });
    const collapsed = visibleRows(sample(), new Set(['floor1']));
    expect(treeKeyAction(collapsed, 1, 'ArrowRight')).toEqual({ toggle: 'floor1' });
    expect(treeKeyAction(collapsed, 2, 'ArrowRight')).toBeNull();
    expect(treeKeyAction(rows, 0, 'x')).toBeNull();
  });
});

import { MAX_TREE_DEPTH } from '../../common/types';
import type { OutlineRow } from '../../common/tree-outline';
import type { StructureNode } from '../../common/types';

/** The nestable tree's maximum depth (spec 2.1, 9): the root is level 1, its children level 2, … up to level 7. */
export { MAX_TREE_DEPTH };
/** Search debounce (spec 9). */
export const SEARCH_DEBOUNCE_MS = 150;
/** The Add / Setting buttons of a row hide again after this long (spec 9). */
export const ROW_BUTTONS_HIDE_MS = 5000;

/**
 * The tree as parent → ordered children (by item name), built from the flat rows the server sends in tree order.
 * Immutable: edits return a new model, so React sees every change.
 */
export interface TreeModel {
  rows: ReadonlyMap<string, OutlineRow>;
  children: ReadonlyMap<string, readonly string[]>;
  roots: readonly string[];
}

export function buildTree(rows: readonly OutlineRow[]): TreeModel {
  const byName = new Map<string, OutlineRow>();
  for (const row of rows) byName.set(row.itemName, row);
  const children = new Map<string, string[]>();
  const roots: string[] = [];
  for (const row of rows) {
    const parent = row.parentName;
    if (parent && byName.has(parent)) {
      const list = children.get(parent);
      if (list) list.push(row.itemName);
      else children.set(parent, [row.itemName]);
    } else roots.push(row.itemName);
  }
  const byPosition = (a: string, b: string) => byName.get(a)!.position - byName.get(b)!.position;
  for (const list of children.values()) list.sort(byPosition);
  return { rows: byName, children, roots };
}

/** One visible line of the virtualised list. */
export interface FlatRow {
  row: OutlineRow;
  /** 0 for the root. */
  depth: number;
  /** 1-based place among its siblings, shown by the show-position toggle. */
  position: number;
  hasChildren: boolean;
  expanded: boolean;
}

/** The lines to show, depth-first, skipping the descendants of collapsed nodes. */
export function visibleRows(tree: TreeModel, collapsed: ReadonlySet<string>): FlatRow[] {
  const out: FlatRow[] = [];
  const walk = (names: readonly string[], depth: number) => {
    names.forEach((name, index) => {
      const row = tree.rows.get(name);
      if (!row) return;
      const kids = tree.children.get(name) ?? [];
      const expanded = !collapsed.has(name);
      out.push({ row, depth, position: index + 1, hasChildren: kids.length > 0, expanded });
      if (kids.length > 0 && expanded) walk(kids, depth + 1);
    });
  };
  walk(tree.roots, 0);
  return out;
}

/** The parent of each item name. */
export function parentsOf(tree: TreeModel): Map<string, string> {
  const parents = new Map<string, string>();
  for (const [parent, kids] of tree.children) for (const kid of kids) parents.set(kid, parent);
  return parents;
}

/** Ancestor names from the root down to the item's parent. */
export function ancestorsOf(tree: TreeModel, itemName: string, parents: ReadonlyMap<string, string> = parentsOf(tree)): string[] {
  const path: string[] = [];
  let current = parents.get(itemName);
  while (current !== undefined) {
    path.unshift(current);
    current = parents.get(current);
  }
  return path;
}

/**
 * Where Add on a row adds (node spec 2.1: every row offers Add): below a node, or beside an item, under the nearest node
 * above it, since items are leaves.
 */
export function addParentOf(tree: TreeModel, itemName: string, parents: ReadonlyMap<string, string> = parentsOf(tree)): string {
  let current: string | undefined = itemName;
  while (current !== undefined && tree.rows.get(current)?.itemType === 'item') current = parents.get(current);
  return current ?? itemName;
}

/** Case-insensitive substring match on the item name or display name. */
export function matchesSearch(row: OutlineRow, query: string): boolean {
  const needle = query.trim().toLowerCase();
  if (!needle) return false;
  return row.itemName.toLowerCase().includes(needle) || row.itemDisplayName.toLowerCase().includes(needle);
}

/** Item names matching the search, in tree order (including inside collapsed branches). */
export function searchTree(tree: TreeModel, query: string): string[] {
  if (!query.trim()) return [];
  const out: string[] = [];
  const walk = (names: readonly string[]) => {
    for (const name of names) {
      const row = tree.rows.get(name);
      if (row && matchesSearch(row, query)) out.push(name);
      walk(tree.children.get(name) ?? []);
    }
  };
  walk(tree.roots);
  return out;
}

/** Levels below and including the item (1 for a leaf). */
export function subtreeHeight(tree: TreeModel, name: string): number {
  const kids = tree.children.get(name) ?? [];
  let max = 0;
  for (const kid of kids) max = Math.max(max, subtreeHeight(tree, kid));
  return max + 1;
}

/** The level of an item: 1 for a root. */
export function levelOf(tree: TreeModel, name: string, parents: ReadonlyMap<string, string> = parentsOf(tree)): number {
  return ancestorsOf(tree, name, parents).length + 1;
}

export type DropPlacement = 'before' | 'after' | 'inside';
export type MoveRefusal = 'root' | 'cycle' | 'depth' | 'same' | 'leaf';
export type MoveResult = { ok: true; tree: TreeModel } | { ok: false; reason: MoveRefusal };

/**
 * Why a move is refused, or null when allowed: moving a root or placing something beside a root (each application has
 * one root), moving into its own subtree, onto itself, into an item (items are leaves) and a result deeper than
 * MAX_TREE_DEPTH.
 * Pass `parents` (from parentsOf) when checking often, e.g. on every dragover.
 */
export function checkMove(
  tree: TreeModel,
  dragged: string,
  target: string,
  placement: DropPlacement,
  parents: ReadonlyMap<string, string> = parentsOf(tree),
): MoveRefusal | null {
  if (dragged === target) return 'same';
  if (!parents.has(dragged)) return 'root';
  if (placement !== 'inside' && !parents.has(target)) return 'root';
  if (ancestorsOf(tree, target, parents).includes(dragged)) return 'cycle';
  if (placement === 'inside' && tree.rows.get(target)?.itemType === 'item') return 'leaf';
  const newParent = placement === 'inside' ? target : parents.get(target)!;
  const newLevel = levelOf(tree, newParent, parents) + 1;
  if (newLevel + subtreeHeight(tree, dragged) - 1 > MAX_TREE_DEPTH) return 'depth';
  return null;
}

/** Moves an item (with its subtree) before, after or inside another one, when checkMove allows it. */
export function moveItem(tree: TreeModel, dragged: string, target: string, placement: DropPlacement): MoveResult {
  const parents = parentsOf(tree);
  const refusal = checkMove(tree, dragged, target, placement, parents);
  if (refusal) return { ok: false, reason: refusal };
  const newParent = placement === 'inside' ? target : parents.get(target)!;

  const children = new Map(tree.children);
  const oldParent = parents.get(dragged)!;
  children.set(
    oldParent,
    (children.get(oldParent) ?? []).filter((name) => name !== dragged),
  );
  const siblings = [...(children.get(newParent) ?? [])];
  if (placement === 'inside') siblings.push(dragged);
  else {
    const at = siblings.indexOf(target);
    siblings.splice(placement === 'before' ? at : at + 1, 0, dragged);
  }
  children.set(newParent, siblings);
  if ((children.get(oldParent) ?? []).length === 0) children.delete(oldParent);
  const rows = new Map(tree.rows);
  siblings.forEach((name, index) => {
    const row = rows.get(name);
    if (row) rows.set(name, { ...row, parentName: newParent, position: index });
  });
  (children.get(oldParent) ?? []).forEach((name, index) => {
    const row = rows.get(name);
    if (row) rows.set(name, { ...row, position: index });
  });
  return { ok: true, tree: { rows, children, roots: tree.roots } };
}

/** The body of `PUT /structure`: [{itemName, children: [...]}] recursively, from the roots. */
export function toStructure(tree: TreeModel): StructureNode[] {
  const build = (name: string): StructureNode => ({
    itemName: name,
    children: (tree.children.get(name) ?? []).map(build),
  });
  return tree.roots.map(build);
}

/** Where in a row a drop lands: the upper quarter before, the lower quarter after, the middle inside. */
export function dropPlacement(offsetY: number, rowHeight: number): DropPlacement {
  if (offsetY < rowHeight / 4) return 'before';
  if (offsetY > (rowHeight * 3) / 4) return 'after';
  return 'inside';
}

/** The range of list indexes to render for a scroll offset (fixed row height, with some rows of overscan). */
export function windowRange(
  scrollTop: number,
  viewportHeight: number,
  rowHeight: number,
  total: number,
  overscan = 8,
): { start: number; end: number } {
  const first = Math.floor(scrollTop / rowHeight);
  const count = Math.ceil(viewportHeight / rowHeight);
  return { start: Math.max(0, first - overscan), end: Math.min(total, first + count + overscan) };
}

/** The scroll offset that brings a row into the middle of the viewport. */
export function scrollOffsetFor(index: number, viewportHeight: number, rowHeight: number): number {
  return Math.max(0, index * rowHeight - viewportHeight / 2 + rowHeight / 2);
}

/** What a key press in the tree does (WAI-ARIA tree pattern): select another row, or expand / collapse one. */
export type TreeKeyAction = { select: number } | { toggle: string } | null;

export function treeKeyAction(rows: readonly FlatRow[], current: number, key: string): TreeKeyAction {
  if (rows.length === 0) return null;
  const row = rows[current];
  switch (key) {
    case 'ArrowDown':
      return { select: row ? Math.min(rows.length - 1, current + 1) : 0 };
    case 'ArrowUp':
      return { select: row ? Math.max(0, current - 1) : 0 };
    case 'Home':
      return { select: 0 };
    case 'End':
      return { select: rows.length - 1 };
    case 'ArrowRight':
      if (!row || !row.hasChildren) return null;
      return row.expanded ? { select: current + 1 } : { toggle: row.row.itemName };
    case 'ArrowLeft': {
      if (!row) return null;
      if (row.hasChildren && row.expanded) return { toggle: row.row.itemName };
      for (let i = current - 1; i >= 0; i--) if (rows[i]!.depth === row.depth - 1) return { select: i };
      return null;
    }
    default:
      return null;
  }
}

import type { ItemType } from './types';

/**
 * One line of the console's tree: only what a row shows (node spec 2.1: name, display name, icons for GPS, floor plan
 * and pin, tags badge, the severity dot, disabled items greyed) and where it sits. Everything else of the item loads
 * when it is selected (GET /items/{uuid}).
 */
export interface OutlineRow {
  uuid: string;
  itemName: string;
  itemDisplayName: string;
  itemType: ItemType;
  /** The parent's item name; null for the root. */
  parentName: string | null;
  /** 0-based place among its siblings. */
  position: number;
  /** 1 for the root. */
  depth: number;
  enable: boolean;
  severity: number;
  eventSeverity: number;
  tags: string[];
  hasGps: boolean;
  hasFloorPlan: boolean;
  hasPin: boolean;
}

/** The bits of `TreeOutline.flags`: each set bit is a true flag of the row (a clear node bit is an item). */
export const OUTLINE_FLAGS = { node: 1, disabled: 2, gps: 4, floorPlan: 8, pin: 16 } as const;

/**
 * GET /node-structure-item/{appId}/tree-outline: the tree's rows column by column (row i is entry i of every column),
 * in tree order (parents before children, siblings by position). A row's parent is the nearest row above it one level
 * up, so neither parent names nor positions travel. A 10,000-row tree takes about a quarter of the bytes of GET /tree.
 */
export interface TreeOutline {
  uuid: string[];
  itemName: string[];
  /** '' when the item has none. */
  itemDisplayName: string[];
  /** 1 for the root. */
  depth: number[];
  /** OUTLINE_FLAGS bits. */
  flags: number[];
  severity: number[];
  eventSeverity: number[];
  tags: string[][];
}

/** The row's place and what the outline carries of it, before encoding: what the server reads. */
export type OutlineSource = Omit<OutlineRow, 'parentName' | 'position'>;

const flagsOf = (row: OutlineSource): number =>
  (row.itemType === 'node' ? OUTLINE_FLAGS.node : 0) |
  (row.enable ? 0 : OUTLINE_FLAGS.disabled) |
  (row.hasGps ? OUTLINE_FLAGS.gps : 0) |
  (row.hasFloorPlan ? OUTLINE_FLAGS.floorPlan : 0) |
  (row.hasPin ? OUTLINE_FLAGS.pin : 0);

/** Rows in tree order, as the outline's columns. */
export function encodeOutline(rows: readonly OutlineSource[]): TreeOutline {
  return {
    uuid: rows.map((row) => row.uuid),
    itemName: rows.map((row) => row.itemName),
    itemDisplayName: rows.map((row) => row.itemDisplayName),
    depth: rows.map((row) => row.depth),
    flags: rows.map(flagsOf),
    severity: rows.map((row) => row.severity),
    eventSeverity: rows.map((row) => row.eventSeverity),
    tags: rows.map((row) => row.tags),
  };
}

/** The outline's rows in tree order, with each row's parent and position found from the depths. */
export function decodeOutline(outline: TreeOutline): OutlineRow[] {
  const rows: OutlineRow[] = [];
  // The open ancestors of the current row by depth - 1, and how many children each has had so far.
  const open: { name: string; children: number }[] = [];
  let roots = 0;
  outline.uuid.forEach((uuid, index) => {
    const depth = outline.depth[index]!;
    const flags = outline.flags[index]!;
    open.length = Math.max(0, Math.min(open.length, depth - 1));
    const parent = depth > 1 ? open[depth - 2] : undefined;
    const position = parent ? parent.children++ : roots++;
    const itemName = outline.itemName[index]!;
    rows.push({
      uuid,
      itemName,
      itemDisplayName: outline.itemDisplayName[index]!,
      itemType: flags & OUTLINE_FLAGS.node ? 'node' : 'item',
      parentName: parent?.name ?? null,
      position,
      depth,
      enable: !(flags & OUTLINE_FLAGS.disabled),
      severity: outline.severity[index]!,
      eventSeverity: outline.eventSeverity[index]!,
      tags: outline.tags[index]!,
      hasGps: Boolean(flags & OUTLINE_FLAGS.gps),
      hasFloorPlan: Boolean(flags & OUTLINE_FLAGS.floorPlan),
      hasPin: Boolean(flags & OUTLINE_FLAGS.pin),
    });
    open[depth - 1] = { name: itemName, children: 0 };
  });
  return rows;
}

import type { Database, DataSourceDirectory } from '@sensorium/core/server';
import type { ItemDeletionHook, PreferenceChangeHook } from '../../common/item-hooks';
import type { RangeActionValidator } from '../../common/range-action-validators';
import { ItemCrud } from './item-crud';
import { ItemRows } from './item-rows';
import { NodeData } from './node-data';
import { PreferenceEditor } from './preferences';
import { StructureEditor } from './structure';
import { TasksAndCommands } from './tasks-commands';
import { ItemTree } from './tree';

export type { ItemRows } from './item-rows';
export type { ItemTree } from './tree';

/** The nodes and items of every application, one object per concern; the API, the demo seeder and tests use them. */
export interface NodeItems {
  rows: ItemRows;
  tree: ItemTree;
  structure: StructureEditor;
  crud: ItemCrud;
  preferences: PreferenceEditor;
  tasks: TasksAndCommands;
  nodeData: NodeData;
}

export interface NodeItemsDeps {
  /** The running data-source adapters (absent while the host provides none). */
  directory: () => DataSourceDirectory | undefined;
  /** Other plugins' hooks, read on every call (their plugins register after this one). */
  deletionHooks: () => readonly ItemDeletionHook[];
  preferenceHooks: () => readonly PreferenceChangeHook[];
  /** The range actions' settings checks (nodes.range-action-validators/v1). */
  rangeValidators: () => readonly RangeActionValidator[];
}

export function createNodeItems(db: Database, deps: NodeItemsDeps): NodeItems {
  const rows = new ItemRows(db);
  const tree = new ItemTree(db);
  const nodeData = new NodeData(db, rows);
  return {
    rows,
    tree,
    nodeData,
    structure: new StructureEditor(db, tree, nodeData),
    crud: new ItemCrud(db, { rows, tree, nodeData, directory: deps.directory, deletionHooks: deps.deletionHooks }),
    preferences: new PreferenceEditor(db, rows, nodeData, deps.preferenceHooks, deps.rangeValidators),
    tasks: new TasksAndCommands(db, rows, deps.directory, deps.rangeValidators),
  };
}

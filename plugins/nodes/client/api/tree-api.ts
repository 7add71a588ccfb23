import type { HttpClient } from '@sensorium/core/client';
import type { TreeOutline } from '../../common/tree-outline';
import type { Item, StructureNode } from '../../common/types';

/** The application's tree base path (contract "Nodes plugin"). */
export const appBase = (appId: string) => `node-structure-item/${encodeURIComponent(appId)}`;

/** The tree calls of one application: the rows, the structure, name checks and adding an item. */
export function treeApi(http: HttpClient, appId: string) {
  const base = appBase(appId);
  return {
    /** The tree's rows with only what they show (the item's details load on selection). */
    outline: () => http.get(`${base}/tree-outline`).json<TreeOutline>(),
    saveStructure: (structure: StructureNode[]) => http.put(`${base}/structure`, { json: { structure } }),
    nameAvailable: (itemName: string) =>
      http.get(`${base}/item-name-availability`, { searchParams: { itemName } }).json<{ available: boolean }>(),
    addItem: (body: { newItem: Record<string, unknown>; parentName: string }) =>
      http.post(`${base}/items`, { json: body }).json<Item>(),
  };
}

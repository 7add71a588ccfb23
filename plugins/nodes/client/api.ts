import { readApiError, type HttpClient } from '@sensorium/core/client';
import type { Command, FieldPreference } from '../common/field-preference';
import type { HistoryResponse, Item, RawDataSearchResponse, StructureNode, TreeResponse } from '../common/types';

export type { Item, TreeRow, GeoInfo, ItemDataSource, NodeStatus, FieldStatus, StructureNode, RawDataRow } from '../common/types';

/** The live values of the push topic `node-values`. */
export interface NodeValuesPush {
  appId: string;
  items: Pick<Item, 'uuid' | 'outputSimple' | 'status' | 'connection' | 'lastReceiveDate' | 'lastValidDate'>[];
}

export interface RawDataQuery {
  appId: string;
  tags?: string[];
  isItemSpecific: boolean;
  startTime: string;
  endTime: string;
  viewMode: 'realtime' | 'history';
  limit?: number;
  offset?: number;
}

export type ItemPatch = Partial<{
  enable: boolean;
  enableHistory: boolean;
  connectionTimeoutSec: number;
  tags: string[];
  deviceEUI: string;
  itemDisplayName: string;
  siteAddress: string;
  confirmCoordinates: boolean;
  geoCoordinates: { lat: number; lng: number };
}>;

/** The node-management calls of contract "Nodes plugin", bound to one application. */
export function nodesApi(http: HttpClient, appId: string) {
  const base = `node-structure-item/${encodeURIComponent(appId)}`;
  const item = (uuid: string) => `${base}/items/${encodeURIComponent(uuid)}`;
  return {
    tree: () => http.get(`${base}/tree`).json<TreeResponse>(),
    item: (uuid: string) => http.get(item(uuid)).json<Item>(),
    patch: (uuid: string, patch: ItemPatch) => http.patch(item(uuid), { json: patch }).json<Item>(),
    remove: (uuid: string, deleteExternal = false) =>
      http.delete(item(uuid), { searchParams: { deleteExternal: String(deleteExternal) } }),
    saveStructure: (structure: StructureNode[]) => http.put(`${base}/structure`, { json: { structure } }),
    nameAvailable: (itemName: string) =>
      http.get(`${base}/item-name-availability`, { searchParams: { itemName } }).json<{ available: boolean }>(),
    addItem: (body: { newItem: Record<string, unknown>; parentName: string }) =>
      http.post(`${base}/items`, { json: body }).json<Item>(),
    saveFieldPreference: (uuid: string, targetField: string, preference: FieldPreference) =>
      http.put(`${item(uuid)}/field-preference`, { json: { targetField, preference } }),
    override: (uuid: string, targetField: string, overrideValueEnabled: boolean, overrideValue: unknown) =>
      http.put(`${item(uuid)}/override`, { json: { targetField, overrideValueEnabled, overrideValue } }),
    commands: (uuid: string) => http.get(`${item(uuid)}/commands`).json<{ commands: Command[] }>(),
    sendCommand: (uuid: string, commandId: string) => http.post(`${item(uuid)}/command`, { json: { commandId } }),
    output: (uuid: string, targetField: string, value: unknown, dataSourceType: string) =>
      http.post(`${item(uuid)}/output`, { json: { targetField, value, dataSourceType } }),
    history: (uuid: string, from: Date, to: Date) =>
      http
        .get(`${item(uuid)}/history`, { searchParams: { from: from.toISOString(), to: to.toISOString() } })
        .json<HistoryResponse>(),
    rawData: (query: Omit<RawDataQuery, 'appId'>) =>
      http.post('raw-data-history/search', { json: { appId, ...query } }).json<RawDataSearchResponse>(),
    /** data_history.xlsx of the same search, dates at the given offset from UTC in minutes. */
    rawDataExcel: (query: Omit<RawDataQuery, 'appId'>, utcOffsetMinutes: number) =>
      http.post('raw-data-history/search/excel', { json: { appId, ...query }, searchParams: { utcOffsetMinutes } }).blob(),
  };
}

export type NodesApi = ReturnType<typeof nodesApi>;

/** The server's translated message of a failed call (ApiErrorBody.message), else the error's own text. */
export async function errorMessage(error: unknown): Promise<string> {
  const body = await readApiError(error);
  if (body) return body.message;
  return error instanceof Error ? error.message : String(error);
}

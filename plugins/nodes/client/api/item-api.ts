import type { HttpClient } from '@sensorium/core/client';
import type { ItemSettingsBase } from '../../common/edit-base';
import type { Command, FieldPreference } from '../../common/field-preference';
import type { Item } from '../../common/types';
import { appBase } from './tree-api';

/** The fields PATCH /items/{uuid} changes. */
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
  /** The saved values the change started from: the server answers 409 when one has changed since. */
  basedOn: ItemSettingsBase;
}>;

/** The calls on one item of an application: detail, edits, field preferences, overrides, commands and outputs. */
export function itemApi(http: HttpClient, appId: string) {
  const item = (uuid: string) => `${appBase(appId)}/items/${encodeURIComponent(uuid)}`;
  return {
    item: (uuid: string) => http.get(item(uuid)).json<Item>(),
    patch: (uuid: string, patch: ItemPatch) => http.patch(item(uuid), { json: patch }).json<Item>(),
    remove: (uuid: string, deleteExternal: boolean) =>
      http.delete(item(uuid), { searchParams: { deleteExternal: String(deleteExternal) } }),
    saveFieldPreference: (uuid: string, targetField: string, preference: FieldPreference, basedOn?: FieldPreference) =>
      http.put(`${item(uuid)}/field-preference`, { json: { targetField, preference, basedOn } }),
    override: (uuid: string, targetField: string, overrideValueEnabled: boolean, overrideValue: unknown) =>
      http.put(`${item(uuid)}/override`, { json: { targetField, overrideValueEnabled, overrideValue } }),
    commands: (uuid: string) => http.get(`${item(uuid)}/commands`).json<{ commands: Command[] }>(),
    sendCommand: (uuid: string, commandId: string) => http.post(`${item(uuid)}/command`, { json: { commandId } }),
    output: (uuid: string, targetField: string, value: unknown, dataSourceType: string) =>
      http.post(`${item(uuid)}/output`, { json: { targetField, value, dataSourceType } }),
  };
}

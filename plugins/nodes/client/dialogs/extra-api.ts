import type { HttpClient } from '@sensorium/core/client';
import { API_PREFIX } from '@sensorium/core/common';
import type { DeviceProfile, DeviceProfileSummary, LocationResult, ObjectKind } from '../../common/device-profiles';
import type { Command, NotificationSetting, TaskSetting } from '../../common/field-preference';
import type { ContactRecord, Item } from '../../common/types';

/** The calls of the dialogs, the wizard and the maps (node spec 7.2, 7.3, 7.4, 7.5), bound to one application. */
export function extraApi(http: HttpClient, appId: string) {
  const base = `node-structure-item/${encodeURIComponent(appId)}`;
  const item = (uuid: string) => `${base}/items/${encodeURIComponent(uuid)}`;
  return {
    contacts: () => http.get(`${base}/contacts`).json<{ contacts: ContactRecord[] }>(),
    saveNotification: (uuid: string, targetField: string, rangeIndex: number, notificationSetting: NotificationSetting) =>
      http.put(`${item(uuid)}/notification`, { json: { targetField, rangeIndex, notificationSetting } }).json<Item>(),
    saveTask: (uuid: string, targetField: string, rangeIndex: number, task: TaskSetting) =>
      http.put(`${item(uuid)}/task`, { json: { targetField, rangeIndex, task } }).json<Item>(),
    itemCommands: (uuid: string) => http.get(`${item(uuid)}/commands`).json<{ commands: Command[] }>(),
    deviceProfiles: (dataSourceType: string) =>
      http
        .post(`device-profile/get-deviceProfileList-simple/${encodeURIComponent(appId)}`, { json: { dataSourceType } })
        .json<DeviceProfileSummary[]>(),
    deviceProfile: (uuid: string) =>
      http.post(`device-profile/get-deviceProfileByUuid/${encodeURIComponent(appId)}`, { json: { uuid } }).json<DeviceProfile>(),
    uploadObject: (uuid: string, kind: ObjectKind, file: File) => {
      const form = new FormData();
      form.append('file', file, file.name);
      return http
        .post(`${item(uuid)}/object`, { searchParams: { kind }, body: form })
        .json<{ image: string; kind: ObjectKind; item: Item }>();
    },
    deleteObject: (uuid: string, kind: ObjectKind, image?: string) =>
      http.delete(`${item(uuid)}/object`, { searchParams: image ? { kind, image } : { kind } }).json<Item>(),
    createFloorPlan: (uuid: string, image: string) =>
      http.post(`${item(uuid)}/floor-plan`, { json: { image, imageEnable: true } }).json<Item>(),
    savePins: (uuid: string, pins: { itemName: string; x: number; y: number }[]) =>
      http.put(`${item(uuid)}/floor-plan/pins`, { json: { pins } }).json<Item>(),
    searchPlaces: (query: string, lang: string) =>
      http.get(`location/searchGoogleMap/${encodeURIComponent(query)}`, { searchParams: { lang } }).json<LocationResult[]>(),
    searchAddress: (address: string) =>
      http.get(`location/searchGoogleMapAddress/${encodeURIComponent(address)}`).json<LocationResult[]>(),
  };
}

export type ExtraApi = ReturnType<typeof extraApi>;

/** The address of a stored site or floor plan image for an <img> tag (the token goes in the query). */
export function objectUrl(appId: string, image: string, accessToken: string | null | undefined): string {
  return `${API_PREFIX}/node-structure-item/${encodeURIComponent(appId)}/object/${encodeURIComponent(image)}?token=${encodeURIComponent(accessToken ?? '')}`;
}

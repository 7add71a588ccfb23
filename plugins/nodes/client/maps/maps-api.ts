import type { HttpClient } from '@sensorium/core/client';
import { API_PREFIX } from '@sensorium/core/common';
import type { LocationResult, ObjectKind } from '../../common/device-profiles';
import type { Item } from '../../common/types';
import type { LatLng } from './coordinates';

/** The maps' tiles (SENSORIUM_MAP_TILE_URL, null: none) and the attribution their provider requires. */
export interface MapSettings {
  tileUrl: string | null;
  attribution: { text: string; url: string | null } | null;
}

/** The calls of the maps and floor plans (node spec 7.4, 7.5): images of an item, its floor plan, location and places. */
export function mapsApi(http: HttpClient, appId: string) {
  const item = (uuid: string) => `node-structure-item/${encodeURIComponent(appId)}/items/${encodeURIComponent(uuid)}`;
  return {
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
    saveLocation: (uuid: string, point: LatLng) => http.patch(item(uuid), { json: { geoCoordinates: point } }).json<Item>(),
    searchPlaces: (query: string, lang: string) =>
      http.get(`location/searchGoogleMap/${encodeURIComponent(query)}`, { searchParams: { lang } }).json<LocationResult[]>(),
    mapSettings: () => http.get('location/map-settings').json<MapSettings>(),
    searchAddress: (address: string) =>
      http.get(`location/searchGoogleMapAddress/${encodeURIComponent(address)}`).json<LocationResult[]>(),
  };
}

/** The address of a stored site or floor plan image for an <img> tag (the token goes in the query). */
export function objectUrl(appId: string, image: string, accessToken: string | null | undefined): string {
  return `${API_PREFIX}/node-structure-item/${encodeURIComponent(appId)}/object/${encodeURIComponent(image)}?token=${encodeURIComponent(accessToken ?? '')}`;
}

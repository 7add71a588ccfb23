import type { GeoInfo } from '../../common/types';

export interface LatLng {
  lat: number;
  lng: number;
}

/** Spec 2.4: the default centre (Hong Kong) when neither coordinates nor a geocoded address are known. */
export const DEFAULT_CENTRE: LatLng = { lat: 22.3964, lng: 114.1095 };
/** Zoom levels of spec 2.4: picking, the single-location view and the default map. */
export const ZOOM_PICKING = 18;
export const ZOOM_SINGLE = 15;
export const ZOOM_DEFAULT = 12;
/** Map box heights of spec 2.4 (px): the single-location view and the picker. */
export const MAP_HEIGHT_SMALL = 300;
export const MAP_HEIGHT_LARGE = 400;

/** Coordinates are kept to 6 decimals (about 0.1 m). */
export function round6(value: number): number {
  const rounded = Math.round(value * 1e6) / 1e6;
  return Object.is(rounded, -0) ? 0 : rounded;
}

export function roundLatLng(point: LatLng): LatLng {
  return { lat: round6(point.lat), lng: round6(wrapLng(point.lng)) };
}

/** Leaflet lets the map wrap around the world; longitudes go back into -180…180. */
export function wrapLng(lng: number): number {
  if (lng >= -180 && lng <= 180) return lng;
  return ((((lng + 180) % 360) + 360) % 360) - 180;
}

export function isLatLng(value: unknown): value is LatLng {
  if (!value || typeof value !== 'object') return false;
  const { lat, lng } = value as Partial<LatLng>;
  return (
    typeof lat === 'number' &&
    typeof lng === 'number' &&
    Number.isFinite(lat) &&
    Number.isFinite(lng) &&
    Math.abs(lat) <= 90 &&
    Math.abs(lng) <= 180
  );
}

/** The item's own position: geoInfo.point, else site.geoCoordinates ([lng, lat]); null when it has none. */
export function itemCoordinates(geoInfo: Partial<GeoInfo> | null | undefined): LatLng | null {
  if (isLatLng(geoInfo?.point)) return geoInfo.point;
  const pair = geoInfo?.site?.geoCoordinates;
  if (Array.isArray(pair) && pair.length === 2) {
    const point = { lat: Number(pair[1]), lng: Number(pair[0]) };
    if (isLatLng(point)) return point;
  }
  return null;
}

export type CentreSource = 'item' | 'address' | 'default';

/**
 * Spec 2.4's centre rule: the item's coordinates; else the geocoded address (the first result); else the default
 * centre. The zoom is the picking zoom for an item or address position and the default zoom otherwise.
 */
export function pickerCentre(
  item: LatLng | null,
  geocoded: readonly LatLng[] | null | undefined,
): { centre: LatLng; source: CentreSource; zoom: number } {
  if (item && isLatLng(item)) return { centre: roundLatLng(item), source: 'item', zoom: ZOOM_PICKING };
  const first = geocoded?.find(isLatLng);
  if (first) return { centre: roundLatLng(first), source: 'address', zoom: ZOOM_PICKING };
  return { centre: DEFAULT_CENTRE, source: 'default', zoom: ZOOM_DEFAULT };
}

/** The map section of the Basic tab shows only with a site, a floor plan image or a point (spec 2.2). */
export function hasMapContent(geoInfo: Partial<GeoInfo> | null | undefined): boolean {
  const site = geoInfo?.site;
  const hasSite = !!site && (!!site.address || !!site.image || Array.isArray(site.geoCoordinates));
  return hasSite || !!geoInfo?.floorPlan?.origin?.image || isLatLng(geoInfo?.point);
}

/** A pin's place on a floor plan image, clamped into the image (fractions 0…1, 4 decimals). */
export function pinPosition(offsetX: number, offsetY: number, width: number, height: number): { x: number; y: number } {
  const clamp = (value: number) => Math.min(1, Math.max(0, Math.round(value * 1e4) / 1e4));
  return { x: width > 0 ? clamp(offsetX / width) : 0, y: height > 0 ? clamp(offsetY / height) : 0 };
}

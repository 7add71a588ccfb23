import { createToken } from '@sensorium/core/common';
import type { Command } from './field-preference';

/** Device profile data-source groups (spec 7.2): every LoRaWAN source (chirpstack, trackcentral, ttn) uses `lora`. */
export const DEVICE_PROFILE_SOURCES = ['lora', 'prtg', 'robot', 'lift', 'rgtnbiot'] as const;
export type DeviceProfileSource = (typeof DEVICE_PROFILE_SOURCES)[number];

/** The device-profile group of an item's data-source type; null when the source has no profiles (crawler, api…). */
export function profileSourceOf(dataSourceType: string): DeviceProfileSource | null {
  if (dataSourceType === 'chirpstack' || dataSourceType === 'trackcentral' || dataSourceType === 'ttn') return 'lora';
  return (DEVICE_PROFILE_SOURCES as readonly string[]).includes(dataSourceType) ? (dataSourceType as DeviceProfileSource) : null;
}

/** An extra-information entry a profile asks for (spec 3.5). */
export interface DeviceExtraInfoSetting {
  name: string;
  type: 'string' | 'number' | 'boolean' | 'array';
}

/** A row of POST /device-profile/get-deviceProfileList-simple/{app_id}. */
export interface DeviceProfileSummary {
  uuid: string;
  deviceProfileName: string;
  sensorBrand: string;
  sensorModel: string;
  subType: string;
}

/** POST /device-profile/get-deviceProfileByUuid/{app_id}: the whole profile (spec 3.5). */
export interface DeviceProfile extends DeviceProfileSummary {
  /** null: offered to every application. */
  appId: string | null;
  dataSource: DeviceProfileSource;
  commands: Command[];
  outputSimpleDefault: Record<string, unknown>;
  outputConfig: Record<string, unknown>;
  deviceExtraInfoSetting: DeviceExtraInfoSetting[];
}

/** The fields of a profile one may write (spec 3.5): everything but its uuid and application. */
export type DeviceProfileValues = Omit<DeviceProfile, 'uuid' | 'appId'>;

/**
 * The device-profile catalogue (table device_profiles, kept by this plugin): the profiles offered to every application
 * (app_id null), read and written by the device-profiles plugin's management page. The wizard's and the commands' calls
 * of spec 7.2 read the same rows.
 */
export interface DeviceProfileCatalog {
  /** Every profile offered to all applications, by name. */
  list(): Promise<DeviceProfile[]>;
  /** One of them, or null. */
  get(uuid: string): Promise<DeviceProfile | null>;
  /** Adds a profile; with `uuid`, under that uuid (an import), or null when a profile has it already. */
  create(values: DeviceProfileValues, uuid?: string): Promise<DeviceProfile | null>;
  /** Changes a profile offered to all applications; null when there is none. */
  update(uuid: string, values: DeviceProfileValues): Promise<DeviceProfile | null>;
  /** Removes it; false when there was none. */
  remove(uuid: string): Promise<boolean>;
}

export const DeviceProfileCatalogToken = createToken<DeviceProfileCatalog>('nodes.device-profile-catalog');

/** A place search result of GET /location/searchGoogleMap/{query} (spec 7.5). */
export interface LocationResult {
  /** The place's name as the geocoder writes it. */
  address: string;
  lat: number;
  lng: number;
}

/** Upload kinds of spec 7.4: the site image and the floor plan image of an item. */
export const OBJECT_KINDS = ['SITE_IMAGE', 'FLOORPLAN'] as const;
export type ObjectKind = (typeof OBJECT_KINDS)[number];

/**
 * Site and floor-plan images: raster image types, at most 5 MB. SVG is refused: served from the console's own origin it
 * could carry script.
 */
export const SITE_IMAGE_MAX_BYTES = 5 * 1024 * 1024;
export const SITE_IMAGE_MIME_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'image/bmp'] as const;

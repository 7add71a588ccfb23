import { IsInt, IsOptional, IsString, IsUrl, Matches, MaxLength, Min } from 'class-validator';
import { FromEnv } from '@sensorium/core/server';

/** OpenStreetMap's public services, the defaults of the maps and the location search (`off` switches each off). */
export const OSM_GEOCODER_URL = 'https://nominatim.openstreetmap.org';
export const OSM_TILE_URL = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';
export const OSM_ATTRIBUTION = '© OpenStreetMap contributors';
export const OSM_COPYRIGHT_URL = 'https://www.openstreetmap.org/copyright';
/** Nominatim's usage policy: at most one request a second. */
export const GEOCODER_DEFAULT_INTERVAL_MS = 1000;

const HTTP_URL = { require_tld: false, protocols: ['http', 'https'], require_protocol: true };

/** The nodes plugin's settings, read from the environment at start-up. */
export class NodesConfig {
  /** A Nominatim-compatible geocoder for the location search (`{url}/search?q=…&format=jsonv2`); null turns it off. */
  @FromEnv('SENSORIUM_GEOCODER_URL', 'url-or-off')
  @IsOptional()
  @IsUrl(HTTP_URL)
  geocoderUrl: string | null = OSM_GEOCODER_URL;

  /** Who runs this console (an e-mail address or a URL), in the geocoder's User-Agent; null: SENSORIUM_PUBLIC_URL and the support address. */
  @FromEnv('SENSORIUM_GEOCODER_CONTACT')
  @IsOptional()
  @IsString()
  @MaxLength(200)
  @Matches(/^[^\r\n()]+$/, { message: 'must be one line without parentheses' })
  geocoderContact: string | null = null;

  /** The least time between two geocoder requests of this console, in milliseconds. */
  @FromEnv('SENSORIUM_GEOCODER_INTERVAL_MS', 'integer')
  @IsInt()
  @Min(0)
  geocoderIntervalMs = GEOCODER_DEFAULT_INTERVAL_MS;

  /** Map tile URL template for the browser's maps (`https://tile.example/{z}/{x}/{y}.png`); null draws no tiles. */
  @FromEnv('SENSORIUM_MAP_TILE_URL', 'url-or-off')
  @IsOptional()
  @Matches(/^https?:\/\/[^/]/, { message: 'must be an http:// or https:// URL template' })
  mapTileUrl: string | null = OSM_TILE_URL;

  /** The tiles' attribution, shown in the corner of every map. */
  @FromEnv('SENSORIUM_MAP_ATTRIBUTION')
  @IsString()
  @MaxLength(200)
  mapAttribution = OSM_ATTRIBUTION;

  /** Where the attribution links to (the tiles' copyright page); null shows it without a link. */
  @FromEnv('SENSORIUM_MAP_ATTRIBUTION_URL', 'url-or-off')
  @IsOptional()
  @IsUrl(HTTP_URL)
  mapAttributionUrl: string | null = OSM_COPYRIGHT_URL;
}

import { IsOptional, IsUrl, Matches } from 'class-validator';
import { FromEnv } from '@sensorium/core/server';

/** The nodes plugin's settings, read from the environment at start-up. */
export class NodesConfig {
  /** A Nominatim-compatible geocoder for the location search (`{url}/search?q=…&format=jsonv2`); null turns it off. */
  @FromEnv('SENSORIUM_GEOCODER_URL', 'url')
  @IsOptional()
  @IsUrl({ require_tld: false, protocols: ['http', 'https'], require_protocol: true })
  geocoderUrl: string | null = null;

  /** Map tile URL template for the browser's maps (`https://tile.example/{z}/{x}/{y}.png`); null draws no tiles. */
  @FromEnv('SENSORIUM_MAP_TILE_URL', 'url')
  @IsOptional()
  @Matches(/^https?:\/\/[^/]/, { message: 'must be an http:// or https:// URL template' })
  mapTileUrl: string | null = null;
}

import { IsOptional, IsString, IsUrl } from 'class-validator';
import { FromEnv } from '@sensorium/core/server';

/** The ChirpStack plugin's settings (docs/configuration.md): the REST API used to delete devices at ChirpStack. */
export class ChirpStackConfig {
  /** ChirpStack v4 REST API (the chirpstack-rest-api proxy), without a trailing slash; null: devices are not deleted there. */
  @FromEnv('CHIRPSTACK_API_URL', 'url')
  @IsOptional()
  @IsUrl({ require_tld: false, require_protocol: true, protocols: ['http', 'https'] })
  apiUrl: string | null = null;

  /** An API token of that ChirpStack allowed to delete devices. */
  @FromEnv('CHIRPSTACK_API_TOKEN')
  @IsOptional()
  @IsString()
  apiToken: string | null = null;
}

import { IsOptional, IsString, IsUrl } from 'class-validator';
import { FromEnv } from '@sensorium/core/server';

/**
 * The operator's PRTG API (docs/configuration.md): the default for organisations without their own PRTG settings. The
 * token is sent only to this address, whatever host an item names.
 */
export class PrtgConfig {
  /** The PRTG server's web address, e.g. https://prtg.example.com; null: no operator default. */
  @FromEnv('PRTG_API_URL', 'url')
  @IsOptional()
  @IsUrl({ require_tld: false, require_protocol: true, protocols: ['http', 'https'] })
  apiUrl: string | null = null;

  /** A PRTG API key (Setup > Account Settings > API Keys) with read access to the polled sensors. */
  @FromEnv('PRTG_API_TOKEN')
  @IsOptional()
  @IsString()
  apiToken: string | null = null;
}

import { IsOptional, IsString, IsUrl, Max, Min } from 'class-validator';
import { FromEnv } from '@sensorium/core/server';

/**
 * The gateways plugin's settings (docs/gateways.md). The network servers' API addresses and secrets are those of the
 * ChirpStack and TTS data sources: an organisation's own (Advance Setting > Organisation Settings), else the operator's
 * (the same variables the data-source plugins read).
 */
export class GatewaysConfig {
  @FromEnv('CHIRPSTACK_API_URL', 'url')
  @IsOptional()
  @IsUrl({ require_tld: false, require_protocol: true, protocols: ['http', 'https'] })
  chirpstackApiUrl: string | null = null;

  @FromEnv('CHIRPSTACK_API_TOKEN')
  @IsOptional()
  @IsString()
  chirpstackApiToken: string | null = null;

  /** The ChirpStack tenant new gateways belong to; unset: the first tenant the API token sees. */
  @FromEnv('GATEWAYS_CHIRPSTACK_TENANT_ID')
  @IsOptional()
  @IsString()
  chirpstackTenantId: string | null = null;

  @FromEnv('TTS_API_URL', 'url')
  @IsOptional()
  @IsUrl({ require_tld: false, require_protocol: true, protocols: ['http', 'https'] })
  ttsApiUrl: string | null = null;

  @FromEnv('TTS_API_KEY')
  @IsOptional()
  @IsString()
  ttsApiKey: string | null = null;

  /** `users/<id>` or `organizations/<id>` owning new TTS gateways; unset: the API key's own user or organisation. */
  @FromEnv('GATEWAYS_TTS_OWNER')
  @IsOptional()
  @IsString()
  ttsOwner: string | null = null;

  /** The frequency plan of new TTS gateways. */
  @FromEnv('GATEWAYS_TTS_FREQUENCY_PLAN')
  @IsString()
  ttsFrequencyPlan = 'EU_863_870_TTN';

  /** How often the last-seen times are read from the network servers (seconds). */
  @FromEnv('GATEWAYS_STATUS_INTERVAL_SECONDS', 'integer')
  @Min(1)
  @Max(3600)
  statusIntervalSeconds = 60;
}

import { IsOptional, IsString, IsUrl } from 'class-validator';
import { FromEnv } from '@sensorium/core/server';

/** The Things Stack plugin's settings (docs/configuration.md): the HTTP API used to delete devices there. */
export class TtsConfig {
  /** The Things Stack v3 cluster address (e.g. https://eu1.cloud.thethings.network), without a trailing slash. */
  @FromEnv('TTS_API_URL', 'url')
  @IsOptional()
  @IsUrl({ require_tld: false, require_protocol: true, protocols: ['http', 'https'] })
  apiUrl: string | null = null;

  /** An API key with the right to write the application's devices. */
  @FromEnv('TTS_API_KEY')
  @IsOptional()
  @IsString()
  apiKey: string | null = null;
}

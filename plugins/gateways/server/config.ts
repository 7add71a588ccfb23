import { IsInt, IsOptional, IsString, Max, Min } from 'class-validator';
import { FromEnv } from '@sensorium/core/server';

/**
 * The gateways plugin's settings (docs/gateways.md). The network servers' API addresses and secrets are the ChirpStack
 * and TTS data sources' own, which they hand over through `gatewayNetworkServers`.
 */
export class GatewaysConfig {
  /** The ChirpStack tenant new gateways belong to; unset: the first tenant the API token sees. */
  @FromEnv('GATEWAYS_CHIRPSTACK_TENANT_ID')
  @IsOptional()
  @IsString()
  chirpstackTenantId: string | null = null;

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

  /** How often the last-seen times heard on MQTT are written (seconds): one statement per interval, not one per uplink. */
  @FromEnv('GATEWAYS_LAST_SEEN_FLUSH_SECONDS', 'integer')
  @Min(1)
  @Max(300)
  lastSeenFlushSeconds = 5;

  /** The severity (0–4, the applications' severity levels) of the event raised when a gateway goes offline. */
  @FromEnv('GATEWAYS_OFFLINE_SEVERITY', 'integer')
  @IsInt()
  @Min(0)
  @Max(4)
  offlineSeverity = 3;
}

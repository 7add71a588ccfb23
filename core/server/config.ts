import { createToken, type LicenceSet } from '../common';

/** Configuration read once from the environment (docs/configuration.md). */
/** An S3-compatible bucket for uploaded files (SENSORIUM_S3_*); when absent, files live under the data folder. */
export interface ObjectStorageConfig {
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
}

export interface ServerConfig {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | null;
  adminPassword: string | null;
  licences: LicenceSet;
  companyName: string;
  /** A path or URL of the white-label logo; null for the bundled one. */
  companyLogo: string | null;
  /** Secret that signs session tokens; generated and stored in the database when unset. */
  jwtSecret: string | null;
  accessTokenTtlSeconds: number;
  refreshTokenTtlSeconds: number;
  rememberMeRefreshTtlSeconds: number;
  logLevel: string;
  /** Serve the built console from this folder; null to serve the API only. */
  clientDir: string | null;
  /** Seed the demo data on first start (SENSORIUM_SEED_DEMO; on for `sensorium start`). */
  seedDemo: boolean;
  /**
   * How many reverse proxies stand in front (SENSORIUM_TRUST_PROXY_HOPS): the caller's address is then read from
   * X-Forwarded-For, for rate limits and audit records. 0 (default) trusts no header.
   */
  trustProxy: number;
  objectStorage: ObjectStorageConfig | null;
}
export const ConfigToken = createToken<ServerConfig>('core.config');

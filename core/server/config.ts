import { createToken, type LicenceSet } from '@sensorium/core/common';

/** Configuration read once from the environment (docs/configuration.md). */
/** An S3-compatible bucket for uploaded files (SENSORIUM_S3_*); when absent, files live under the data folder. */
export interface ObjectStorageConfig {
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
}

/** Device transport over MQTT (docs/configuration.md): the embedded broker, or an external one when `url` is set. */
export interface MqttConfig {
  /** MQTT_URL: an external broker (mqtt://, mqtts://); null to run the embedded broker. */
  url: string | null;
  /** MQTT_USERNAME / MQTT_PASSWORD: the console's credentials at the external broker. */
  username: string | null;
  password: string | null;
  /** SENSORIUM_MQTT_HOST / SENSORIUM_MQTT_PORT: where the embedded broker listens (0 = a random port). */
  host: string;
  port: number;
  /** SENSORIUM_MQTT_DEVICE_USERNAME / _PASSWORD: what publishers must send to the embedded broker; generated when unset. */
  deviceUsername: string | null;
  devicePassword: string | null;
  /** SENSORIUM_MQTT_CLIENT_ID: the console's client id stem at an external broker (one per instance). */
  clientId: string;
  /**
   * SENSORIUM_MQTT_SHARE_GROUP: the shared-subscription group stem; instances of one deployment give the same one, so the
   * broker hands each uplink to one of them. Defaults to the client id (a console of its own).
   */
  shareGroup: string;
  /** SENSORIUM_MQTT_TOPIC_PREFIX: prepended to every topic the console subscribes or publishes (one broker, several consoles). */
  topicPrefix: string;
  /** SENSORIUM_MQTT_INGEST_CONNECTIONS: parallel subscriber connections per uplink topic at an external broker. */
  ingestConnections: number;
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
  /** SMTP server for outgoing e-mail (SMTP_URL, e.g. smtp://user:pass@host:587); null keeps messages in the outbox. */
  smtpUrl: string | null;
  /**
   * Redis for the cluster bus between instances (REDIS_URL, redis:// or rediss://); null (or absent) fans pushes out
   * through PostgreSQL LISTEN/NOTIFY. Unused on embedded PGlite, which one instance alone opens.
   */
  redisUrl?: string | null;
  /** The From address of outgoing e-mail (SENSORIUM_MAIL_FROM). */
  mailFrom: string;
  /** How long a one-time code is valid, in minutes (SENSORIUM_OTP_VALID_MINUTES). */
  otpValidMinutes: number;
  /** The support e-mail address shown on the login page and in e-mails (SENSORIUM_SUPPORT_EMAIL). */
  supportEmail: string | null;
  /**
   * The console's address as users reach it, for links in e-mails (SENSORIUM_PUBLIC_URL), without a trailing slash.
   * When unset the host fills in the address it listens on once started.
   */
  publicUrl: string | null;
  /** null when MQTT is off (SENSORIUM_MQTT_PORT=off, and test servers unless they ask for it). */
  mqtt: MqttConfig | null;
  /** SENSORIUM_METRICS_TOKEN: when set, /metrics requires `Authorization: Bearer <token>`; null leaves it open. */
  metricsToken?: string | null;
  /**
   * SENSORIUM_OUTBOUND_ALLOW: CIDR ranges, addresses and host names that server-side requests made on a user's say may
   * reach although they are loopback, private or link-local (e.g. `10.0.0.0/8,sensors.local`). Empty refuses them all.
   */
  outboundAllow?: string[];
  /**
   * SENSORIUM_MAX_UPLINK_BYTES: the largest uplink taken (MQTT on both brokers, HTTP ingest); a larger one is acknowledged
   * and dead-lettered. DEFAULT_MAX_UPLINK_BYTES when unset.
   */
  maxUplinkBytes?: number;
  /**
   * SENSORIUM_JOB_MAINTENANCE_SECONDS: how often the job queue fails expired jobs (a dead server's) so they are retried;
   * 120 by default, pg-boss's own.
   */
  jobMaintenanceSeconds?: number;
  /**
   * SENSORIUM_DRAIN_DELAY_SECONDS: on shutdown, how long /readyz answers 503 while requests are still served, so load
   * balancers take the instance out before it stops listening; 0 (default) stops listening once the broker drained.
   */
  drainDelaySeconds?: number;
  /**
   * SENSORIUM_SHUTDOWN_GRACE_SECONDS: the longest a shutdown (SIGTERM, SIGINT) takes, drain delay included; what is
   * still running then is cut off and the process exits with status 1. 25 by default (under Kubernetes' 30).
   */
  shutdownGraceSeconds?: number;
}

/** 256 KB: far above any sensor's uplink, far below what would strain the database or the memory. */
export const DEFAULT_MAX_UPLINK_BYTES = 256 * 1024;

/**
 * The console-wide settings a plugin may read. The host's ServerConfig stays the host's: its secrets (the token signing
 * key, database, SMTP and object-storage credentials) reach no plugin, and each plugin reads its own settings through
 * its configuration class.
 */
export interface ConsoleSettings {
  readonly companyName: string;
  /** The console's version (package.json), e.g. for the User-Agent of requests to public services. */
  readonly version: string;
  readonly supportEmail: string | null;
  /** How long a one-time code is valid, in minutes: sign-in's second factor and sign-up share it. */
  readonly otpValidMinutes: number;
  /** The largest uplink in bytes (SENSORIUM_MAX_UPLINK_BYTES), for data sources that take uplinks themselves (HTTP). */
  readonly maxUplinkBytes: number;
  /** Where users reach the console, for links in e-mails: SENSORIUM_PUBLIC_URL, else the address it listens on. */
  publicUrl(): string;
}
export const ConsoleSettingsToken = createToken<ConsoleSettings>('core.console-settings');

import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseLicences } from '@sensorium/core/common';
import { DEFAULT_MAX_UPLINK_BYTES, type MqttConfig, type ObjectStorageConfig, type ServerConfig } from '@sensorium/core/server';
import { badAllowEntry } from './outbound/guard';

/** The repository root, so relative defaults do not depend on the directory the server was started from. */
export const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];
const DAY_SECONDS = 24 * 60 * 60;

type Env = Record<string, string | undefined>;

function text(env: Env, name: string): string | null {
  const value = env[name]?.trim();
  return value ? value : null;
}

function integer(env: Env, name: string, fallback: number, min: number, max = Number.MAX_SAFE_INTEGER): number {
  const raw = text(env, name);
  if (raw === null) return fallback;
  const value = Number(raw);
  if (!/^\d+$/.test(raw) || value < min || value > max) {
    throw new Error(`${name} must be a whole number from ${min} to ${max}, but is "${raw}"`);
  }
  return value;
}

function flag(env: Env, name: string, fallback: boolean): boolean {
  const raw = text(env, name)?.toLowerCase();
  if (raw === undefined || raw === null) return fallback;
  if (['1', 'true', 'yes', 'on'].includes(raw)) return true;
  if (['0', 'false', 'no', 'off'].includes(raw)) return false;
  throw new Error(`${name} must be true or false, but is "${raw}"`);
}

function oneOf(env: Env, name: string, allowed: string[], fallback: string): string {
  const raw = text(env, name)?.toLowerCase() ?? fallback;
  if (!allowed.includes(raw)) throw new Error(`${name} must be one of ${allowed.join(', ')}, but is "${raw}"`);
  return raw;
}

/** Object storage is on when SENSORIUM_S3_ENDPOINT is set; its bucket and keys are then required. */
function objectStorage(env: Env): ObjectStorageConfig | null {
  const endpoint = text(env, 'SENSORIUM_S3_ENDPOINT');
  if (endpoint === null) return null;
  if (!/^https?:\/\//.test(endpoint)) throw new Error('SENSORIUM_S3_ENDPOINT must be an http:// or https:// URL');
  const required = (name: string): string => {
    const value = text(env, name);
    if (value === null) throw new Error(`${name} must be set when SENSORIUM_S3_ENDPOINT is`);
    return value;
  };
  return {
    endpoint,
    bucket: required('SENSORIUM_S3_BUCKET'),
    region: text(env, 'SENSORIUM_S3_REGION') ?? 'us-east-1',
    accessKeyId: required('SENSORIUM_S3_ACCESS_KEY_ID'),
    secretAccessKey: required('SENSORIUM_S3_SECRET_ACCESS_KEY'),
  };
}

/** MQTT: the embedded broker unless MQTT_URL names an external one; SENSORIUM_MQTT_PORT=off switches MQTT off. */
function mqtt(env: Env): MqttConfig | null {
  const url = text(env, 'MQTT_URL');
  if (url === null && text(env, 'SENSORIUM_MQTT_PORT')?.toLowerCase() === 'off') return null;
  if (url !== null && !/^(mqtts?|wss?|tcp|ssl):\/\//.test(url)) throw new Error('MQTT_URL must be an mqtt:// or mqtts:// URL');
  const clientId = text(env, 'SENSORIUM_MQTT_CLIENT_ID') ?? 'sensorium';
  const shareGroup = text(env, 'SENSORIUM_MQTT_SHARE_GROUP') ?? clientId;
  // A group name is one topic level of `$share/<group>/<filter>`.
  if (/[/+#]/.test(shareGroup)) throw new Error('SENSORIUM_MQTT_SHARE_GROUP must not contain /, + or #');
  return {
    url,
    username: text(env, 'MQTT_USERNAME'),
    password: text(env, 'MQTT_PASSWORD'),
    host: text(env, 'SENSORIUM_MQTT_HOST') ?? '127.0.0.1',
    port: url === null ? integer(env, 'SENSORIUM_MQTT_PORT', 1884, 0, 65535) : 1884,
    deviceUsername: text(env, 'SENSORIUM_MQTT_DEVICE_USERNAME'),
    devicePassword: text(env, 'SENSORIUM_MQTT_DEVICE_PASSWORD'),
    clientId,
    shareGroup,
    topicPrefix: text(env, 'SENSORIUM_MQTT_TOPIC_PREFIX') ?? '',
    ingestConnections: integer(env, 'SENSORIUM_MQTT_INGEST_CONNECTIONS', 8, 1, 256),
  };
}

/** SMTP_URL: an smtp:// or smtps:// URL that nodemailer understands; null when unset. */
function smtpUrl(env: Env): string | null {
  const url = text(env, 'SMTP_URL');
  if (url !== null && !/^smtps?:\/\/[^/]/.test(url)) throw new Error('SMTP_URL must be an smtp:// or smtps:// URL');
  return url;
}

/** REDIS_URL: a redis:// or rediss:// URL that ioredis understands; null when unset. */
function redisUrl(env: Env): string | null {
  const url = text(env, 'REDIS_URL');
  if (url !== null && !/^rediss?:\/\/[^/]/.test(url)) throw new Error('REDIS_URL must be a redis:// or rediss:// URL');
  return url;
}

/** SENSORIUM_OUTBOUND_ALLOW: comma-separated CIDR ranges, addresses and host names; a malformed entry stops start-up. */
function outboundAllow(env: Env): string[] {
  const entries = (text(env, 'SENSORIUM_OUTBOUND_ALLOW') ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  const bad = badAllowEntry(entries);
  if (bad !== null) throw new Error(`SENSORIUM_OUTBOUND_ALLOW: "${bad}" is no CIDR range, address or host name`);
  return entries;
}

/** SENSORIUM_PUBLIC_URL without its trailing slash; null when unset. */
function publicUrl(env: Env): string | null {
  const url = text(env, 'SENSORIUM_PUBLIC_URL');
  if (url === null) return null;
  if (!/^https?:\/\/[^/]/.test(url)) throw new Error('SENSORIUM_PUBLIC_URL must be an http:// or https:// URL');
  return url.replace(/\/+$/, '');
}

/** Reads the server configuration from environment variables (docs/configuration.md); a bad value throws naming the variable. */
export function loadConfig(env: Env = process.env): ServerConfig {
  const databaseUrl = text(env, 'DATABASE_URL');
  if (databaseUrl !== null && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    throw new Error('DATABASE_URL must be a postgres:// or postgresql:// connection string');
  }
  const jwtSecret = text(env, 'SENSORIUM_JWT_SECRET');
  // HS256 is only as strong as its key; a short secret can be brute-forced offline from any issued token.
  if (jwtSecret !== null && jwtSecret.length < 32) throw new Error('SENSORIUM_JWT_SECRET must be at least 32 characters long');
  const clientDir = text(env, 'SENSORIUM_CLIENT_DIR');
  const logo = text(env, 'SENSORIUM_COMPANY_LOGO');
  return {
    port: integer(env, 'PORT', 8080, 0, 65535),
    host: text(env, 'HOST') ?? '127.0.0.1',
    dataDir: resolve(text(env, 'SENSORIUM_DATA_DIR') ?? './data'),
    databaseUrl,
    adminPassword: text(env, 'SENSORIUM_ADMIN_PASSWORD'),
    licences: parseLicences(env.SENSORIUM_LICENCES),
    companyName: text(env, 'SENSORIUM_COMPANY_NAME') ?? 'Sensorium',
    companyLogo: logo && !/^https?:\/\//.test(logo) ? resolve(logo) : logo,
    jwtSecret,
    accessTokenTtlSeconds: integer(env, 'SENSORIUM_ACCESS_TOKEN_TTL', 900, 1),
    refreshTokenTtlSeconds: integer(env, 'SENSORIUM_REFRESH_TOKEN_TTL', DAY_SECONDS, 1),
    rememberMeRefreshTtlSeconds: integer(env, 'SENSORIUM_REMEMBER_ME_TTL', 30 * DAY_SECONDS, 1),
    logLevel: oneOf(env, 'LOG_LEVEL', LOG_LEVELS, 'info'),
    clientDir: resolve(REPO_ROOT, clientDir ?? 'dist/client'),
    seedDemo: flag(env, 'SENSORIUM_SEED_DEMO', false),
    trustProxy: integer(env, 'SENSORIUM_TRUST_PROXY_HOPS', 0, 0, 10),
    objectStorage: objectStorage(env),
    smtpUrl: smtpUrl(env),
    redisUrl: redisUrl(env),
    mailFrom: text(env, 'SENSORIUM_MAIL_FROM') ?? 'Sensorium <no-reply@localhost>',
    otpValidMinutes: integer(env, 'SENSORIUM_OTP_VALID_MINUTES', 15, 1, 1440),
    supportEmail: text(env, 'SENSORIUM_SUPPORT_EMAIL'),
    publicUrl: publicUrl(env),
    mqtt: mqtt(env),
    metricsToken: text(env, 'SENSORIUM_METRICS_TOKEN'),
    outboundAllow: outboundAllow(env),
    maxUplinkBytes: integer(env, 'SENSORIUM_MAX_UPLINK_BYTES', DEFAULT_MAX_UPLINK_BYTES, 1024, 64 * 1024 * 1024),
    jobMaintenanceSeconds: integer(env, 'SENSORIUM_JOB_MAINTENANCE_SECONDS', 120, 1, 3600),
    ...shutdownTiming(env),
  };
}

/** SENSORIUM_DRAIN_DELAY_SECONDS and SENSORIUM_SHUTDOWN_GRACE_SECONDS: the delay must leave time for the rest. */
function shutdownTiming(env: Env): { drainDelaySeconds: number; shutdownGraceSeconds: number } {
  const shutdownGraceSeconds = integer(env, 'SENSORIUM_SHUTDOWN_GRACE_SECONDS', 25, 1, 3600);
  const drainDelaySeconds = integer(env, 'SENSORIUM_DRAIN_DELAY_SECONDS', 0, 0, 3600);
  if (drainDelaySeconds >= shutdownGraceSeconds) {
    throw new Error(
      `SENSORIUM_DRAIN_DELAY_SECONDS (${drainDelaySeconds}) must be shorter than SENSORIUM_SHUTDOWN_GRACE_SECONDS (${shutdownGraceSeconds})`,
    );
  }
  return { drainDelaySeconds, shutdownGraceSeconds };
}

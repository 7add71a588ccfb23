import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseLicences } from '../../core/common';
import type { ObjectStorageConfig, ServerConfig } from '../../core/server';

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
  };
}

import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseLicences, type UserLevel } from '@sensorium/core/common';
import {
  MqttToken,
  UserDirectoryToken,
  type MqttConfig,
  type ObjectStorageConfig,
  type ServerConfig,
  type ServerPlugin,
} from '@sensorium/core/server';
import { loadConfig } from '../config';
import { startServer, type RunningServer } from '../start-server';
import { seedPgliteDataDir } from './pglite-template';
import { createScratchDatabase } from './scratch-database';

export { startSmtpSink, type ReceivedMail, type SmtpSink } from './smtp-sink';
export { seedPgliteDataDir } from './pglite-template';
export { connectPush, pushClosed, PUSH_PROBE_TOPIC } from './push-socket';
export { emailEveryContact, redRangeField, type RangeActions } from './red-range';
export { createTestApplication } from './test-application';

export type DatabaseBackend = 'pglite' | 'postgres';

/** Every test that touches the database runs on PGlite, and also on PostgreSQL when DATABASE_URL is set. */
export function databaseBackends(): DatabaseBackend[] {
  return process.env.DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
}

/** The password of the `admin` user every test server creates. */
export const TEST_ADMIN_PASSWORD = 'test-admin-password';

// Tests read answers of every shape; `any` by default keeps them free of casts (callers may pass a type).
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export interface TestResponse<T = any> {
  status: number;
  body: T;
  headers: Record<string, string>;
}

export interface TestServer {
  url: string;
  /** Its PostgreSQL database; null on PGlite. Closing the server that made it drops it. */
  databaseUrl: string | null;
  running: RunningServer;
  /** A real HTTP call to the server; `path` starts with /api/... JSON bodies are sent and parsed. */
  // `any` by default for the same reason as TestResponse: tests read answers of every shape without casts.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  request<T = any>(
    method: string,
    path: string,
    options?: { token?: string; body?: unknown; headers?: Record<string, string> },
  ): Promise<TestResponse<T>>;
  login(username?: string, password?: string): Promise<{ access_token: string; refresh_token: string }>;
  /** Creates a user through the UserDirectory, in a new group (of the user's organisation) holding `permissions`. */
  createUser(input: NewTestUser & { password: string }): Promise<{ id: string }>;
  /** Creates a user (si-customer unless `level` says otherwise) with the password `<username>-password-1`; its access token. */
  loginAs(input: NewTestUser): Promise<string>;
  /** The broker devices publish to, when the server was started with `mqtt` (topics carry `topicPrefix`). */
  mqtt: TestMqtt | null;
  close(): Promise<void>;
}

export interface NewTestUser {
  username: string;
  level?: UserLevel;
  permissions?: string[];
  organisationId?: string;
}

export interface TestMqtt {
  url: string;
  username: string | undefined;
  password: string | undefined;
  /** Prefix every topic with it: the console subscribes and publishes under it (unique per test server). */
  topicPrefix: string;
}

/** Test device credentials of the embedded broker. */
export const TEST_MQTT_DEVICE = { username: 'test-device', password: 'test-device-password' };

export interface TestServerOptions {
  backend?: DatabaseBackend;
  /** SENSORIUM_LICENCES; all on when omitted. */
  licences?: string;
  plugins?: ServerPlugin[];
  /** The built console to serve; null (default) for the API only. */
  clientDir?: string | null;
  seedDemo?: boolean;
  /** Store uploads in this S3-compatible bucket instead of the temporary data folder. */
  objectStorage?: ObjectStorageConfig;
  /** SMTP_URL, e.g. `(await startSmtpSink()).url`; unset keeps e-mail in the outbox (status kept). */
  smtpUrl?: string;
  /** SENSORIUM_OUTBOUND_ALLOW for the server's outbound requests (e.g. ['127.0.0.1'] to reach a local test target). */
  outboundAllow?: string[];
  /** SENSORIUM_ACCESS_TOKEN_TTL in seconds (900 when omitted), for tests of expiring sessions. */
  accessTokenTtlSeconds?: number;
  /** MQTT on: true for the embedded broker on a random port, or `{url}` for an external one (unique topics and client ids). */
  mqtt?: boolean | { url: string; ingestConnections?: number; clientId?: string; shareGroup?: string; topicPrefix?: string };
  /** SENSORIUM_DRAIN_DELAY_SECONDS (0 when omitted), for tests of the shutdown's draining. */
  drainDelaySeconds?: number;
  /** The PostgreSQL database of another test server (its `databaseUrl`), for tests of instances sharing one. */
  databaseUrl?: string;
}

function testMqttConfig(option: TestServerOptions['mqtt']): MqttConfig | null {
  if (!option) return null;
  const unique = randomUUID().slice(0, 8);
  return {
    url: option === true ? null : option.url,
    username: null,
    password: null,
    host: '127.0.0.1',
    port: 0,
    deviceUsername: TEST_MQTT_DEVICE.username,
    devicePassword: TEST_MQTT_DEVICE.password,
    clientId: (option !== true && option.clientId) || `sensorium-test-${unique}`,
    shareGroup: (option !== true && (option.shareGroup ?? option.clientId)) || `sensorium-test-${unique}`,
    topicPrefix: option === true ? '' : (option.topicPrefix ?? `test-${unique}/`),
    ingestConnections: option === true ? 1 : (option.ingestConnections ?? 4),
  };
}

/** Starts a real server on a random port with a fresh database, for a test file's beforeAll. */
export async function startTestServer(options: TestServerOptions = {}): Promise<TestServer> {
  const dataDir = await mkdtemp(join(tmpdir(), 'sensorium-test-'));
  const scratch = options.backend === 'postgres' && !options.databaseUrl ? await createScratchDatabase() : null;
  const databaseUrl = options.databaseUrl ?? scratch?.url ?? null;
  if (!databaseUrl) await seedPgliteDataDir(dataDir);
  // The defaults of an empty environment, with what a test server needs instead.
  const config: ServerConfig = {
    ...loadConfig({}),
    port: 0,
    dataDir,
    databaseUrl,
    adminPassword: TEST_ADMIN_PASSWORD,
    licences: parseLicences(options.licences),
    logLevel: process.env.LOG_LEVEL ?? 'warn',
    clientDir: options.clientDir ?? null,
    seedDemo: options.seedDemo ?? false,
    objectStorage: options.objectStorage ?? null,
    smtpUrl: options.smtpUrl ?? null,
    outboundAllow: options.outboundAllow ?? [],
    mqtt: testMqttConfig(options.mqtt),
    ...(options.accessTokenTtlSeconds ? { accessTokenTtlSeconds: options.accessTokenTtlSeconds } : {}),
    ...(options.drainDelaySeconds ? { drainDelaySeconds: options.drainDelaySeconds } : {}),
  };

  const cleanUp = async () => {
    await scratch?.drop();
    await rm(dataDir, { recursive: true, force: true });
  };
  let running: RunningServer;
  try {
    running = await startServer(config, options.plugins ?? []);
  } catch (error) {
    await cleanUp();
    throw error;
  }

  const request: TestServer['request'] = async (method, path, { token, body, headers = {} } = {}) => {
    const response = await fetch(`${running.url}${path}`, {
      method,
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...headers,
      },
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    });
    const text = await response.text();
    const isJson = response.headers.get('content-type')?.includes('json') && text !== '';
    return { status: response.status, body: isJson ? JSON.parse(text) : text, headers: Object.fromEntries(response.headers) };
  };

  const mqttService = config.mqtt ? running.container.resolve(MqttToken) : null;
  const server: TestServer = {
    url: running.url,
    databaseUrl,
    running,
    request,
    mqtt: mqttService
      ? {
          url: mqttService.brokerUrl,
          username: mqttService.deviceCredentials?.username,
          password: mqttService.deviceCredentials?.password,
          topicPrefix: config.mqtt?.topicPrefix ?? '',
        }
      : null,
    async login(username = 'admin', password = TEST_ADMIN_PASSWORD) {
      const response = await request('POST', '/api/auth/login', { body: { username, password } });
      if (response.status !== 200) {
        throw new Error(`Login of "${username}" failed: ${response.status} ${JSON.stringify(response.body)}`);
      }
      return response.body;
    },
    async createUser({ username, password, level = 'si-customer', permissions = [], organisationId }) {
      const users = running.container.resolve(UserDirectoryToken);
      const group = await users.createGroup({ name: `${username} group`, permissions: permissions as never, organisationId });
      return users.createUser({ username, password, level, groupId: group.id, organisationId });
    },
    async loginAs(user) {
      const password = `${user.username}-password-1`;
      await server.createUser({ ...user, password });
      return (await server.login(user.username, password)).access_token;
    },
    async close() {
      await running.close();
      await cleanUp();
    },
  };
  return server;
}

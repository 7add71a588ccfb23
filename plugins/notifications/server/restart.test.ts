import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../host/server/config';
import { startServer, type RunningServer } from '../../../host/server/start-server';
import {
  databaseBackends,
  seedPgliteDataDir,
  startSmtpSink,
  TEST_ADMIN_PASSWORD,
  type DatabaseBackend,
  type SmtpSink,
} from '../../../host/server/testing';
import { createScratchDatabase } from '../../../host/server/testing/scratch-database';
import applications from '../../applications/server';
import devicePipeline from '../../device-pipeline/server';
import events from '../../events/server';
import nodes from '../../nodes/server';
import publicAlert from '../../public-alert/server';
import users from '../../users/server';
import { alarmPlant, emailSetting, until, type PlantServer } from './alarm-plant.fixture';
import type { DeliveryStage } from './dispatch/deliver-worker';
import notifications from './index';

const ROOT = resolve(__dirname, '../../..');
const PLUGIN_FILES = ['applications', 'users', 'nodes', 'device-pipeline', 'events', 'public-alert', 'notifications'];
const PLUGINS = [applications, users, nodes, devicePipeline, events, publicAlert, notifications];
/**
 * Job timings in seconds instead of minutes: a dead server's deliver job expires after 30 s instead of 5 min (long enough
 * for a live one on a loaded machine: a try that runs past it is failed by pg-boss) and is retried after 3 s.
 */
const MINUTE_SECONDS = '6';
/** pg-boss looks for expired jobs every 3 s instead of every 2 minutes. */
const JOB_MAINTENANCE_SECONDS = '3';
/** A crashing server that has not died this long after its uplink never reached its crash point. */
const CRASH_WATCHDOG_MS = 150_000;
const TEST_TIMEOUT_MS = 8 * 60_000;

/**
 * A server in a process of its own that raises an event for the device and dies (SIGKILL: no graceful stop, its open
 * transaction lost) when the event's delivery reaches `crashAt`.
 */
const CRASHING_SERVER = `
import '${ROOT}/node_modules/reflect-metadata/Reflect.js';
import { loadConfig } from '${ROOT}/host/server/config.ts';
import { startServer } from '${ROOT}/host/server/start-server.ts';
import { DataSourceSinkToken } from '${ROOT}/core/server/index.ts';
${PLUGIN_FILES.map((id, index) => `import plugin${index} from '${ROOT}/plugins/${id}/server/index.ts';`).join('\n')}
const running = await startServer({ ...loadConfig(process.env), mqtt: null }, [${PLUGIN_FILES.map((_, index) => `plugin${index}`).join(', ')}]);
const uplink = { source: 'chirpstack', deviceId: process.env.CRASH_DEVICE, receivedAt: new Date(), fields: { level: 85 }, raw: {} };
await running.resolve(DataSourceSinkToken).ingest([{ ...uplink, dedupKey: 'crash-' + Date.now() }]);
setTimeout(() => process.exit(3), ${CRASH_WATCHDOG_MS});
`;

function withoutKey(env: NodeJS.ProcessEnv, key: string): NodeJS.ProcessEnv {
  const { [key]: _omitted, ...rest } = env;
  return rest;
}

/** One database a server can be started on again: a PGlite data folder, or a scratch PostgreSQL database. */
async function sharedDatabase(backend: DatabaseBackend) {
  const dataDir = await mkdtemp(join(tmpdir(), 'sensorium-restart-'));
  const scratch = backend === 'postgres' ? await createScratchDatabase() : null;
  if (!scratch) await seedPgliteDataDir(dataDir);
  return {
    dataDir,
    env: { SENSORIUM_DATA_DIR: dataDir, ...(scratch ? { DATABASE_URL: scratch.url } : {}) },
    async remove() {
      await scratch?.drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

describe.each(databaseBackends())('notification delivery across a crash on %s', (backend) => {
  let sink: SmtpSink;
  let database: Awaited<ReturnType<typeof sharedDatabase>>;
  let env: Record<string, string>;
  let server: RunningServer | null = null;

  /** A server in this process on the shared database, with the fixture's view of it. */
  const start = async (): Promise<PlantServer & { running: RunningServer }> => {
    Object.assign(process.env, { SENSORIUM_NOTIFICATIONS_MINUTE_SECONDS: MINUTE_SECONDS });
    server = await startServer({ ...loadConfig(env), mqtt: null }, PLUGINS);
    delete process.env.SENSORIUM_NOTIFICATIONS_MINUTE_SECONDS;
    const running = server;
    return {
      running,
      async request(method, path, { token, body }) {
        const response = await fetch(`${running.url}${path}`, {
          method,
          headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
          body: body === undefined ? undefined : JSON.stringify(body),
        });
        const text = await response.text();
        return { status: response.status, body: text ? JSON.parse(text) : null };
      },
    };
  };
  const login = async (running: RunningServer) => {
    const response = await fetch(`${running.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: TEST_ADMIN_PASSWORD }),
    });
    return ((await response.json()) as { access_token: string }).access_token;
  };
  /** Runs the crashing server until it dies; answers its exit signal. */
  const crashAt = async (stage: DeliveryStage, device: string) => {
    const script = join(database.dataDir, `crash-${stage}.mts`);
    await writeFile(script, CRASHING_SERVER);
    // Node itself with tsx as its loader, so the signal reaches this process (the tsx command would answer exit 137).
    const child = spawn(process.execPath, ['--import', 'tsx', script], {
      cwd: ROOT,
      env: {
        // Without this test's DATABASE_URL (the PostgreSQL run's), the PGlite run's child would take it from the process.
        ...withoutKey(process.env, 'DATABASE_URL'),
        ...env,
        SENSORIUM_NOTIFICATIONS_MINUTE_SECONDS: MINUTE_SECONDS,
        SENSORIUM_NOTIFICATIONS_CRASH_AT: stage,
        CRASH_DEVICE: device,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    for (const stream of [child.stdout!, child.stderr!]) stream.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const ended = await new Promise<string>((done) => child.on('exit', (code, signal) => done(signal ?? `exit ${code}`)));
    // A crash answers SIGKILL; anything else says why the server could not get there.
    return ended === 'SIGKILL' ? ended : `${ended}: ${output.slice(-3000)}`;
  };

  beforeAll(async () => {
    sink = await startSmtpSink();
    database = await sharedDatabase(backend);
    env = {
      ...database.env,
      PORT: '0',
      LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
      SENSORIUM_ADMIN_PASSWORD: TEST_ADMIN_PASSWORD,
      SMTP_URL: sink.url,
      SENSORIUM_JOB_MAINTENANCE_SECONDS: JOB_MAINTENANCE_SECONDS,
    };
  });
  afterAll(async () => {
    await server?.close();
    await sink?.close();
    await database?.remove();
  });

  it(
    'delivers each e-mail exactly once after servers die between the claim and the send, and between the send and the commit',
    async () => {
      const setup = await start();
      const plant = await alarmPlant(setup, await login(setup.running));
      await plant.addContact({ name: 'Cleo', department: 'crash', email: 'cleo@example.com' });
      await plant.addTank('tank_claimed', '00000000000d0001', emailSetting('crash'));
      await plant.addTank('tank_sent', '00000000000d0002', emailSetting('crash'));
      await server!.close();
      server = null;

      expect(await crashAt('claimed', '00000000000d0001')).toBe('SIGKILL');
      expect(await crashAt('sent', '00000000000d0002')).toBe('SIGKILL');
      expect(sink.messages).toHaveLength(0);

      const after = await start();
      const recovered = await alarmPlant(after, await login(after.running), { existing: true });
      const eventIds = await recovered.eventIds();
      expect(eventIds).toHaveLength(2);
      // Each claim died with its transaction: the rows wait again, for their jobs to expire and be retried.
      expect((await recovered.deliveries(eventIds)).map((row) => row.status)).toEqual(['queued', 'queued']);
      const rows = await until(
        () => recovered.deliveries(eventIds),
        (found) => found.length === 2 && found.every((row) => row.status === 'sent'),
        TEST_TIMEOUT_MS - 60_000,
      );
      expect(rows.map((row) => row.contact_name)).toEqual(['Cleo', 'Cleo']);
      await sink.waitForMessage('cleo@example.com');
      await sink.waitForMessage('cleo@example.com');
      // Time for a second copy to arrive, were there one.
      await new Promise((wait) => setTimeout(wait, 5_000));
      expect(sink.messages.map((mail) => mail.to)).toEqual([['cleo@example.com'], ['cleo@example.com']]);
    },
    TEST_TIMEOUT_MS,
  );
});

import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connectAsync, type MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseLicences } from '@sensorium/core/common';
import type { ServerConfig } from '@sensorium/core/server';
import { loadConfig } from '../../../host/server/config';
import { startServer, type RunningServer } from '../../../host/server/start-server';
import { TEST_ADMIN_PASSWORD } from '../../../host/server/testing';
import { createScratchDatabase } from '../../../host/server/testing/scratch-database';
import { valveItemBody } from '../../../host/server/testing/valve-item';
import applications from '../../applications/server';
import chirpstack from '../../chirpstack/server';
import devicePipeline from '../../device-pipeline/server';
import nodes from '../../nodes/server';
import { defaultMissionSettings, TimerSchedulerToken, type TickSummary } from '../common';
import plugin from './index';

const PLUGINS = [applications, nodes, devicePipeline, chirpstack, plugin];
const APP = 'tm_twins';
const EUI = 'a84041000181c6ee';
/** The broker both instances publish downlinks to (the embedded one is per server). */
const BROKER = process.env.SENSORIUM_TEST_MQTT_URL ?? 'mqtt://127.0.0.1:1883';

// Two instances need one shared PostgreSQL database; PGlite is one process's.
describe.skipIf(!process.env.DATABASE_URL)('timer missions with two server instances on one PostgreSQL', () => {
  const prefix = `tm-twins-${randomUUID().slice(0, 8)}/`;
  let scratch: Awaited<ReturnType<typeof createScratchDatabase>>;
  const dataDirs: string[] = [];
  const servers: RunningServer[] = [];
  let device: MqttClient;
  const downlinks: unknown[] = [];

  const config = async (): Promise<ServerConfig> => {
    const dataDir = await mkdtemp(join(tmpdir(), 'sensorium-tm-'));
    dataDirs.push(dataDir);
    return {
      ...loadConfig({}),
      port: 0,
      dataDir,
      databaseUrl: scratch.url,
      adminPassword: TEST_ADMIN_PASSWORD,
      licences: parseLicences(undefined),
      logLevel: process.env.LOG_LEVEL ?? 'warn',
      clientDir: null,
      seedDemo: false,
      objectStorage: null,
      smtpUrl: null,
      outboundAllow: [],
      mqtt: {
        url: BROKER,
        username: null,
        password: null,
        host: '127.0.0.1',
        port: 0,
        deviceUsername: 'test-device',
        devicePassword: 'test-device-password',
        clientId: `sensorium-tm-${randomUUID().slice(0, 8)}`,
        shareGroup: `sensorium-tm-${randomUUID().slice(0, 8)}`,
        topicPrefix: prefix,
        ingestConnections: 1,
      },
    };
  };
  const request = async (server: RunningServer, method: string, path: string, token: string | null, body?: unknown) => {
    const response = await fetch(`${server.url}${path}`, {
      method,
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    return { status: response.status, body: text ? JSON.parse(text) : null };
  };

  beforeAll(async () => {
    scratch = await createScratchDatabase();
    // One after the other: the first one migrates the database.
    servers.push(await startServer(await config(), PLUGINS));
    servers.push(await startServer(await config(), PLUGINS));
    device = await connectAsync(BROKER, { clientId: `tm-valve-${randomUUID().slice(0, 8)}` });
    await device.subscribeAsync(`${prefix}application/+/device/+/command/down`, { qos: 1 });
    device.on('message', (_topic, payload) => downlinks.push(JSON.parse(payload.toString())));
  });
  afterAll(async () => {
    await device?.endAsync(true);
    for (const server of servers) await server.close();
    await scratch?.drop();
    for (const dir of dataDirs) await rm(dir, { recursive: true, force: true });
  });

  it('sends a slot start once when both instances reach it at the same moment', async () => {
    const [first, second] = servers as [RunningServer, RunningServer];
    const login = await request(first, 'POST', '/api/auth/login', null, { username: 'admin', password: TEST_ADMIN_PASSWORD });
    const token: string = login.body.access_token;
    expect(
      (
        await request(first, 'POST', '/api/application/new/', token, {
          id: APP,
          name: 'Twins',
          description: '',
          endCustomerId: 'end_default',
        })
      ).status,
    ).toBe(201);
    await request(first, 'GET', `/api/node-structure-item/${APP}/tree`, token);
    const valve = await request(first, 'POST', `/api/node-structure-item/${APP}/items`, token, valveItemBody(EUI, 'farm-1'));
    expect(valve.status, JSON.stringify(valve.body)).toBe(201);
    const api = `/api/system-events-api/timer-mission-setting/${APP}`;
    await request(first, 'PUT', `${api}/schedule-settings/`, token, { timeZone: 'UTC', holidays: [] });

    // A start an hour from now, reached by both instances' schedulers at once with their clocks set to it.
    const start = new Date(Math.floor((Date.now() + 3_600_000) / 1000) * 1000);
    const mission = defaultMissionSettings('2026-01-01');
    mission.missionName = 'Twins';
    mission.actions = [{ actionType: 'Device', deviceName: 'valve', commandId: 'open' }];
    mission.timeslots[0]!.startTime = { hour: start.getUTCHours(), minute: start.getUTCMinutes(), second: start.getUTCSeconds() };
    const created = await request(second, 'POST', `${api}/create/`, token, mission);
    expect(created.status, JSON.stringify(created.body)).toBe(200);

    const now = new Date(start.getTime() + 2_000);
    const summaries = await Promise.all(
      [first, second, first, second].map((server) => server.resolve(TimerSchedulerToken).tick(now)),
    );
    const total = summaries.reduce((sum: TickSummary, one) => ({
      sent: sum.sent + one.sent,
      failed: sum.failed + one.failed,
      skipped: sum.skipped + one.skipped,
    }));
    expect(total).toEqual({ sent: 1, failed: 0, skipped: 0 });

    await expect.poll(() => downlinks.length, { timeout: 5_000 }).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(downlinks).toEqual([{ devEui: EUI, confirmed: false, fPort: 3, object: { relay: 'on' } }]);
    const runs = await request(first, 'GET', `${api}/runs/${created.body.id}`, token);
    expect(runs.body).toEqual([expect.objectContaining({ status: 'sent', scheduledAt: start.toISOString() })]);
  });
});

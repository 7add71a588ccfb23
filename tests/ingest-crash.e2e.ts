import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { connectAsync, type MqttClient } from 'mqtt';
import { afterAll, describe, expect, it } from 'vitest';
import { seedPgliteDataDir } from '../host/server/testing';

/**
 * The delivery guarantee under a crash: N uplinks published with QoS 1 while the server is killed with SIGKILL, then
 * restarted; the publisher resends what was not acknowledged (mqtt.js keeps unacknowledged QoS 1 packets and sends them
 * again after reconnecting). Exactly N raw rows must be stored: none lost (PUBACK only after commit), none twice (dedup).
 * Embedded broker: the kill comes once half the stream is acknowledged; the publisher's session dies with the server, and
 * mqtt.js resends its stored packets one at a time (each waits for its PUBACK), so the second half takes about N/2 commit
 * round trips. External broker (Mosquitto): the broker acknowledges the publisher; the kill comes once a fifth is stored,
 * and the console's persistent sessions get the rest (and the unacknowledged batch again) after the restart.
 */
const ROOT = resolve(import.meta.dirname, '..');
const N = Number(process.env.SENSORIUM_CRASH_UPLINKS ?? 2000);
const ADMIN_PASSWORD = 'crash-admin-password';
const DEVICE = { username: 'crash-device', password: 'crash-device-password' };
const DEV_EUI = 'a84041000181ca5e';
const CHIRPSTACK_APP = '0b1f6b2a-7a52-4f3e-9b1c-5c0f0e3d2a11';
const MOSQUITTO = process.env.SENSORIUM_TEST_MQTT_URL ?? 'mqtt://127.0.0.1:1883';

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  await new Promise((done) => server.close(done));
  return port;
}

class ServerProcess {
  child: ChildProcess | null = null;
  log = '';
  constructor(private readonly env: Record<string, string>) {}

  async start(url: string): Promise<void> {
    this.child = spawn(process.execPath, ['--import', 'tsx', 'host/server/main.ts'], {
      cwd: ROOT,
      env: { ...process.env, ...this.env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.child.stdout?.on('data', (chunk: Buffer) => (this.log += chunk.toString()));
    this.child.stderr?.on('data', (chunk: Buffer) => (this.log += chunk.toString()));
    // Generous: under a fully loaded CI machine, compiling and starting the server from source has taken over a minute.
    const started = Date.now();
    const deadline = started + 180_000;
    while (Date.now() < deadline) {
      if (this.child.exitCode !== null) throw new Error(`server exited: ${this.log}`);
      const ok = await fetch(`${url}/healthz`).then(
        (response) => response.ok,
        () => false,
      );
      if (ok) return;
      await new Promise((done) => setTimeout(done, 200));
    }
    throw new Error(`server did not start within ${(Date.now() - started) / 1000} s: ${this.log}`);
  }

  async kill(signal: NodeJS.Signals = 'SIGKILL'): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null) return;
    const exited = new Promise((done) => child.once('exit', done));
    child.kill(signal);
    await exited;
    this.child = null;
  }
}

describe.each([
  { broker: 'embedded', external: false },
  { broker: 'Mosquitto', external: true },
])('ingest survives SIGKILL ($broker broker)', ({ external }) => {
  let dataDir = '';
  let server: ServerProcess | null = null;
  let publisher: MqttClient | null = null;

  afterAll(async () => {
    await publisher?.endAsync(true);
    await server?.kill('SIGTERM');
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it(`stores exactly ${N} raw rows, none twice, after a crash mid-stream`, { timeout: 600_000 }, async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'sensorium-crash-'));
    await seedPgliteDataDir(dataDir);
    const [httpPort, mqttPort] = [await freePort(), await freePort()];
    const url = `http://127.0.0.1:${httpPort}`;
    const unique = randomUUID().slice(0, 8);
    const topicPrefix = external ? `crash-${unique}/` : '';
    server = new ServerProcess({
      PORT: String(httpPort),
      HOST: '127.0.0.1',
      SENSORIUM_DATA_DIR: dataDir,
      SENSORIUM_ADMIN_PASSWORD: ADMIN_PASSWORD,
      SENSORIUM_SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
      // PGlite in the temporary folder: a kill -9 of its only process, the harder case for an embedded database.
      DATABASE_URL: '',
      ...(external
        ? { MQTT_URL: MOSQUITTO, SENSORIUM_MQTT_CLIENT_ID: `crash-${unique}`, SENSORIUM_MQTT_TOPIC_PREFIX: topicPrefix }
        : {
            MQTT_URL: '',
            SENSORIUM_MQTT_PORT: String(mqttPort),
            SENSORIUM_MQTT_DEVICE_USERNAME: DEVICE.username,
            SENSORIUM_MQTT_DEVICE_PASSWORD: DEVICE.password,
          }),
    });
    await server.start(url);

    const api = async (method: string, path: string, token: string | null, body?: unknown) => {
      const response = await fetch(`${url}${path}`, {
        method,
        headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await response.text();
      return { status: response.status, body: text ? JSON.parse(text) : null };
    };
    const login = async () =>
      (await api('POST', '/api/auth/login', null, { username: 'admin', password: ADMIN_PASSWORD })).body.access_token as string;
    let token = await login();
    const appId = `crash_${unique.slice(0, 6)}`;
    expect(
      (await api('POST', '/api/application/new/', token, { id: appId, name: 'Crash', endCustomerId: 'end_default' })).status,
    ).toBe(201);
    await api('GET', `/api/node-structure-item/${appId}/tree`, token);
    const item = await api('POST', `/api/node-structure-item/${appId}/items`, token, {
      newItem: {
        itemType: 'item',
        itemName: 'crash-sensor',
        dataSource: { type: 'chirpstack', deviceEUI: DEV_EUI, application: CHIRPSTACK_APP },
      },
      parentName: 'root',
    });
    expect(item.status, JSON.stringify(item.body)).toBe(201);
    const search = (limit: number) =>
      api('POST', '/api/raw-data-history/search', token, {
        appId,
        tags: ['crash-sensor'],
        isItemSpecific: true,
        viewMode: 'history',
        startTime: new Date(Date.now() - 3_600_000).toISOString(),
        endTime: new Date(Date.now() + 60_000).toISOString(),
        limit,
      });
    const stored = async () => ((await search(1)).body?.total as number | undefined) ?? 0;

    // One publisher with a fixed client id and a persistent session, as a network server would connect.
    publisher = await connectAsync(external ? MOSQUITTO : `mqtt://127.0.0.1:${mqttPort}`, {
      clientId: `crash-publisher-${unique}`,
      clean: false,
      ...(external ? {} : DEVICE),
      reconnectPeriod: 250,
      connectTimeout: 5000,
    });
    const client = publisher;
    let acknowledged = 0;
    const start = Date.UTC(2026, 0, 1);
    const publishes: Promise<void>[] = [];
    let killed: Promise<void> | null = null;
    const running = server;
    const killWhen = async (condition: () => Promise<boolean> | boolean) => {
      while (!(await condition())) await new Promise((done) => setTimeout(done, 20));
      killed ??= running.kill('SIGKILL');
      await killed;
    };
    const killing = external ? killWhen(async () => (await stored()) >= N / 5) : killWhen(() => acknowledged >= N / 2);
    for (let fCnt = 1; fCnt <= N; fCnt++) {
      const message = {
        deduplicationId: randomUUID(),
        time: new Date(start + fCnt * 1000).toISOString(),
        deviceInfo: { applicationId: CHIRPSTACK_APP, devEui: DEV_EUI },
        fCnt,
        fPort: 2,
        object: { temperature: 20 + (fCnt % 10), counter: fCnt },
        rxInfo: [{ gatewayId: '0016c001ff10a235', rssi: -80, snr: 7 }],
      };
      publishes.push(
        client
          .publishAsync(`${topicPrefix}application/${CHIRPSTACK_APP}/device/${DEV_EUI}/event/up`, JSON.stringify(message), {
            qos: 1,
          })
          .then(() => void acknowledged++),
      );
      // Pace the stream a little so the kill lands in the middle of it.
      if (fCnt % 50 === 0) await new Promise((done) => setTimeout(done, 10));
    }
    await killing;
    const storedBeforeRestart = external ? null : acknowledged;
    if (storedBeforeRestart !== null) expect(storedBeforeRestart).toBeLessThan(N);

    await server.start(url);
    await Promise.all(publishes);
    expect(acknowledged).toBe(N);
    token = await login();
    await expect.poll(stored, { timeout: 120_000, interval: 500 }).toBe(N);
    // Nothing more trickles in later.
    await new Promise((done) => setTimeout(done, 1000));
    const all = await search(10_000);
    expect(all.body.total).toBe(N);
    const counters = (all.body.rows as { raw: { fCnt: number } }[]).map((row) => row.raw.fCnt);
    expect(new Set(counters).size).toBe(N);
  });
});

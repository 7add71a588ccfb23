import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { connectAsync, type MqttClient } from 'mqtt';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultMissionSettings } from '@sensorium/timer-missions/common';
import { defaultFieldPreference } from '@sensorium/nodes/common';
import { createScratchDatabase } from '../host/server/testing/scratch-database';
import { valveItemBody } from '../host/server/testing/valve-item';
import { launchChromium } from './support/browser';
import { CheckoutServer, freePort } from './support/checkout-server';
import { Haproxy, INSTANCE_HEADER } from './support/haproxy';

/**
 * The production layout of docs/deployment.md in small: two consoles on one PostgreSQL database and one Mosquitto (the
 * same shared-subscription group), behind HAProxy without sticky sessions. A signed-in Chromium is served by both
 * instances in turn and a logout on one is honoured by the other; a timer mission runs once; a SIGKILL of one
 * instance mid-ingest loses no acknowledged uplink and stores none twice; a browser on one instance sees a value the
 * other ingested (the cross-instance push fan-out).
 */
const ROOT = resolve(import.meta.dirname, '..');
const MOSQUITTO = process.env.SENSORIUM_TEST_MQTT_URL ?? 'mqtt://127.0.0.1:1883';
const ADMIN_PASSWORD = 'twins-admin-password';
const N = Number(process.env.SENSORIUM_TWINS_UPLINKS ?? 400);
const CHIRPSTACK_APP = '3f6c1d2e-5a4b-4c3d-8e2f-1a0b9c8d7e6f';
const SENSOR_EUI = 'a84041000181cc01';
const LIVE_EUI = 'a84041000181cc02';
const VALVE_EUI = 'a84041000181cc03';
/** The scheduler's tick (plugins/timer-missions/server/scheduler.ts TICK_MS): both instances look this often. */
const MISSION_TICK_MS = 5_000;
/** Each instance's members of the shared subscription; Mosquitto hands uplinks to the members of the group in turn. */
const INGEST_CONNECTIONS = 2;

describe('two console instances behind HAProxy', () => {
  const unique = randomUUID().slice(0, 8);
  const appId = `twins_${unique.slice(0, 6)}`;
  const topicPrefix = `twins-${unique}/`;
  let scratch: Awaited<ReturnType<typeof createScratchDatabase>> | null = null;
  const dataDirs: string[] = [];
  const instances = new Map<'a' | 'b', CheckoutServer>();
  let balancer: Haproxy | null = null;
  let browser: Browser | null = null;
  let publisher: MqttClient | null = null;
  let token = '';

  const instance = (name: 'a' | 'b') => instances.get(name)!;
  const api = async (base: string, method: string, path: string, body?: unknown, bearer: string | null = token) => {
    const response = await fetch(`${base}${path}`, {
      method,
      headers: { ...(bearer ? { authorization: `Bearer ${bearer}` } : {}), 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    return { status: response.status, body: text ? JSON.parse(text) : null, servedBy: response.headers.get(INSTANCE_HEADER) };
  };
  const viaBalancer = (method: string, path: string, body?: unknown) => api(balancer!.url, method, path, body);
  const ok = async (method: string, path: string, body?: unknown) => {
    const answer = await viaBalancer(method, path, body);
    expect(answer.status, `${method} ${path}: ${JSON.stringify(answer.body)}`).toBeLessThan(300);
    return answer.body;
  };
  const uplink = (devEui: string, fCnt: number, object: Record<string, number>) =>
    JSON.stringify({
      deduplicationId: randomUUID(),
      time: new Date(Date.UTC(2026, 0, 1) + fCnt * 1000).toISOString(),
      deviceInfo: { applicationId: CHIRPSTACK_APP, devEui },
      fCnt,
      fPort: 2,
      object,
      rxInfo: [{ gatewayId: '0016c001ff10a236', rssi: -80, snr: 7 }],
    });
  const publish = (devEui: string, fCnt: number, object: Record<string, number>) =>
    publisher!.publishAsync(
      `${topicPrefix}application/${CHIRPSTACK_APP}/device/${devEui}/event/up`,
      uplink(devEui, fCnt, object),
      {
        qos: 1,
      },
    );
  /** The uplinks this instance stored since it started (its own /metrics). */
  const storedBy = async (name: 'a' | 'b') => {
    const text = await (await fetch(`${instance(name).url}/metrics`)).text();
    return Number(/^sensorium_ingest_uplinks_total\{result="stored"\} (\d+)/m.exec(text)?.[1] ?? 0);
  };
  const signIn = async (page: Page, base: string) => {
    await page.goto(`${base}/auth/login`);
    await page.getByLabel(/username/i).fill('admin');
    await page.getByLabel(/password/i).fill(ADMIN_PASSWORD);
    await page.getByRole('button', { name: /log ?in/i }).click();
    await page.waitForURL(/\/application\/application-list$/);
  };

  beforeAll(async () => {
    scratch = await createScratchDatabase();
    const [portA, portB, balancerPort] = [await freePort(), await freePort(), await freePort()];
    const start = async (name: 'a' | 'b', port: number) => {
      const dataDir = await mkdtemp(join(tmpdir(), `sensorium-twin-${name}-`));
      dataDirs.push(dataDir);
      const server = new CheckoutServer(
        ROOT,
        {
          PORT: String(port),
          HOST: '127.0.0.1',
          DATABASE_URL: scratch!.url,
          SENSORIUM_DATA_DIR: dataDir,
          SENSORIUM_ADMIN_PASSWORD: ADMIN_PASSWORD,
          SENSORIUM_SEED_DEMO: 'false',
          SENSORIUM_TRUST_PROXY_HOPS: '1',
          LOG_LEVEL: 'warn',
          MQTT_URL: MOSQUITTO,
          SENSORIUM_MQTT_TOPIC_PREFIX: topicPrefix,
          // One group for the deployment, a client id per instance (docs/deployment.md).
          SENSORIUM_MQTT_SHARE_GROUP: `twins-${unique}`,
          SENSORIUM_MQTT_CLIENT_ID: `twins-${unique}-${name}`,
          SENSORIUM_MQTT_INGEST_CONNECTIONS: String(INGEST_CONNECTIONS),
        },
        `http://127.0.0.1:${port}`,
      );
      instances.set(name, server);
      await server.start();
    };
    // One after the other: the first creates the schema, the admin and the signing secret the second then reads.
    await start('a', portA);
    await start('b', portB);
    balancer = new Haproxy(balancerPort, { a: `127.0.0.1:${portA}`, b: `127.0.0.1:${portB}` });
    await balancer.start();

    token = (await api(balancer.url, 'POST', '/api/auth/login', { username: 'admin', password: ADMIN_PASSWORD }, null)).body
      .access_token;
    await ok('POST', '/api/application/new/', { id: appId, name: 'Twins', description: '', endCustomerId: 'end_default' });
    await ok('GET', `/api/node-structure-item/${appId}/tree`);
    const item = (itemName: string, deviceEUI: string, input = {}) =>
      ok('POST', `/api/node-structure-item/${appId}/items`, {
        parentName: 'root',
        newItem: {
          itemType: 'item',
          itemName,
          dataSource: { type: 'chirpstack', deviceEUI, application: CHIRPSTACK_APP },
          input,
        },
      });
    await item('twins-sensor', SENSOR_EUI);
    await item('twins-live', LIVE_EUI, { level: defaultFieldPreference('level') });
    await ok('POST', `/api/node-structure-item/${appId}/items`, valveItemBody(VALVE_EUI, CHIRPSTACK_APP));
    publisher = await connectAsync(MOSQUITTO, { clientId: `twins-publisher-${unique}`, clean: false, reconnectPeriod: 250 });
    browser = await launchChromium();
  }, 240_000);

  afterAll(async () => {
    await browser?.close();
    await publisher?.endAsync(true);
    await balancer?.stop();
    await Promise.all([...instances.values()].map((server) => server.stop()));
    await scratch?.drop();
    await Promise.all(dataDirs.map((dir) => rm(dir, { recursive: true, force: true })));
  });

  it('serves a signed-in console from both instances in turn, and a logout on one is honoured by the other', async () => {
    const context = await browser!.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    page.setDefaultTimeout(20_000);
    const servedBy = new Set<string>();
    page.on('response', (response) => {
      const name = response.headers()[INSTANCE_HEADER];
      if (response.url().includes('/api/') && name) servedBy.add(name);
    });
    await signIn(page, balancer!.url);
    await page.getByTestId(`application-card-${appId}`).waitFor();
    // More calls of the signed-in console: each goes to the next instance (round robin, no stickiness).
    for (let reload = 0; reload < 3 && servedBy.size < 2; reload++) {
      await page.reload();
      await page.getByTestId(`application-card-${appId}`).waitFor();
    }
    expect([...servedBy].sort()).toEqual(['a', 'b']);

    const accessToken = await page.evaluate(
      () => Object.entries({ ...sessionStorage, ...localStorage }).find(([key]) => /access/i.test(key))?.[1] ?? '',
    );
    expect((await api(instance('a').url, 'GET', '/api/auth/me', undefined, accessToken)).status).toBe(200);
    expect((await api(instance('b').url, 'GET', '/api/auth/me', undefined, accessToken)).status).toBe(200);
    const logout = page.waitForResponse((response) => response.url().endsWith('/api/auth/logout'));
    await page.getByTitle('User menu').click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    const loggedOutOn = (await logout).headers()[INSTANCE_HEADER];
    await page.waitForURL(/\/auth\/login/);
    // The other instance reads the revocation from the database within its session check window (5 s).
    const other = loggedOutOn === 'a' ? 'b' : 'a';
    await expect
      .poll(async () => (await api(instance(other).url, 'GET', '/api/auth/me', undefined, accessToken)).status, {
        timeout: 10_000,
        interval: 250,
      })
      .toBe(401);
    expect((await api(instance(other === 'a' ? 'b' : 'a').url, 'GET', '/api/auth/me', undefined, accessToken)).status).toBe(401);
    await context.close();
  });

  it('runs a timer mission once, though both instances run the scheduler', { timeout: 60_000 }, async () => {
    const downlinks: string[] = [];
    const listener = await connectAsync(MOSQUITTO, { clientId: `twins-downlinks-${unique}`, clean: true });
    try {
      await listener.subscribeAsync(`${topicPrefix}application/+/device/+/command/down`, { qos: 1 });
      listener.on('message', (_topic, payload) => downlinks.push(payload.toString()));
      const base = `/api/system-events-api/timer-mission-setting/${appId}`;
      await ok('PUT', `${base}/schedule-settings/`, { timeZone: 'UTC', holidays: [] });
      const start = new Date(Math.ceil((Date.now() + 3_000) / 1000) * 1000);
      const mission = defaultMissionSettings('2026-01-01');
      mission.missionName = 'Open the valve';
      mission.actions = [{ actionType: 'Device', deviceName: 'valve', commandId: 'open' }];
      mission.timeslots[0]!.startTime = {
        hour: start.getUTCHours(),
        minute: start.getUTCMinutes(),
        second: start.getUTCSeconds(),
      };
      const { id } = await ok('POST', `${base}/create/`, mission);
      await expect.poll(async () => (await ok('GET', `${base}/runs/${id}`)).length, { timeout: 20_000 }).toBe(1);
      // Both instances tick again after the run: neither sends it a second time.
      await new Promise((done) => setTimeout(done, MISSION_TICK_MS + 1_000));
      const runs = await ok('GET', `${base}/runs/${id}`);
      expect(runs).toEqual([expect.objectContaining({ scheduledAt: start.toISOString(), status: 'sent' })]);
      expect(downlinks.filter((payload) => payload.includes(VALVE_EUI))).toHaveLength(1);
      await ok('PUT', `${base}/switch/${id}`, { isEnabled: false });
    } finally {
      await listener.endAsync(true);
    }
  });

  it(`loses no acknowledged uplink when one instance is killed mid-ingest (${N} uplinks)`, { timeout: 240_000 }, async () => {
    const search = (limit: number) =>
      ok('POST', '/api/raw-data-history/search', {
        appId,
        tags: ['twins-sensor'],
        isItemSpecific: true,
        viewMode: 'history',
        startTime: new Date(Date.now() - 3_600_000).toISOString(),
        endTime: new Date(Date.now() + 60_000).toISOString(),
        limit,
      });
    const stored = async () => ((await search(1)).total as number | undefined) ?? 0;
    const acknowledged = new Set<number>();
    const publishes: Promise<void>[] = [];
    const killed = (async () => {
      while ((await stored()) < N / 5) await new Promise((done) => setTimeout(done, 20));
      await instance('b').kill();
    })();
    for (let fCnt = 1; fCnt <= N; fCnt++) {
      publishes.push(publish(SENSOR_EUI, fCnt, { counter: fCnt }).then(() => void acknowledged.add(fCnt)));
      if (fCnt % 20 === 0) await new Promise((done) => setTimeout(done, 10));
    }
    await killed;
    await Promise.all(publishes);
    expect(acknowledged.size).toBe(N);
    // Instance A goes on through the balancer alone; B's persistent sessions keep B's share until B is back.
    expect((await viaBalancer('GET', '/api/auth/me')).servedBy).toBe('a');
    await instance('b').start();
    await expect.poll(stored, { timeout: 60_000, interval: 500 }).toBe(N);
    await new Promise((done) => setTimeout(done, 1000));
    const all = await search(10_000);
    expect(all.total).toBe(N);
    const counters = (all.rows as { raw: { fCnt: number } }[]).map((row) => row.raw.fCnt);
    expect(new Set(counters).size).toBe(N);
  });

  it('shows a browser on instance A a value that instance B ingested', async () => {
    const context = await browser!.newContext({ viewport: { width: 1280, height: 800 } });
    try {
      const page = await context.newPage();
      page.setDefaultTimeout(20_000);
      const pushed: string[] = [];
      let sockets = 0;
      page.on('websocket', (socket) => {
        sockets++;
        socket.on('framereceived', ({ payload }) => void pushed.push(String(payload)));
      });
      // Directly on A, not through the balancer: its push socket is A's. The node page subscribes to the live values.
      await signIn(page, instance('a').url);
      await page.goto(`${instance('a').url}/app/${appId}/node-management`);
      await page.getByText('twins-live').first().waitFor();
      await expect.poll(() => sockets, { timeout: 10_000 }).toBeGreaterThan(0);
      const pushedValue = (level: number) => () =>
        pushed.some((frame) => {
          const message = JSON.parse(frame) as { topic?: string; data?: { items?: { outputSimple?: { level?: unknown } }[] } };
          return message.topic === 'node-values' && !!message.data?.items?.some((item) => item.outputSimple?.level === level);
        });
      // Mosquitto hands the group's uplinks to its members in turn (2 × INGEST_CONNECTIONS): within a round one is B's,
      // which B's own counter shows.
      const ingested = new Map<number, 'a' | 'b'>();
      for (let attempt = 1; attempt <= 2 * INGEST_CONNECTIONS + 1 && ![...ingested.values()].includes('b'); attempt++) {
        const level = 4000 + attempt;
        const before = { a: await storedBy('a'), b: await storedBy('b') };
        await publish(LIVE_EUI, N + attempt, { level });
        await expect
          .poll(async () => (await storedBy('a')) + (await storedBy('b')), { timeout: 10_000, interval: 100 })
          .toBe(before.a + before.b + 1);
        ingested.set(level, (await storedBy('b')) > before.b ? 'b' : 'a');
      }
      const [byB] = [...ingested].filter(([, by]) => by === 'b').map(([level]) => level);
      expect(byB, JSON.stringify([...ingested])).toBeDefined();
      console.info(`live values by instance: ${JSON.stringify([...ingested])}`);
      // What A ingested reaches its own browser (the frames are read right), and so does what B ingested.
      for (const [level, by] of ingested) {
        if (by === 'a') await expect.poll(pushedValue(level), { timeout: 10_000 }).toBe(true);
      }
      await expect.poll(pushedValue(byB!), { timeout: 10_000 }).toBe(true);
    } finally {
      await context.close();
    }
  });
});

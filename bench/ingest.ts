/**
 * Ingest benchmark (issue 5): the real server in this process (applications, nodes, device-pipeline and chirpstack plugins) on
 *   postgres — PostgreSQL (DATABASE_URL, a scratch database) with the external Mosquitto broker (MQTT_URL), and
 *   embedded — the defaults: PGlite and the embedded aedes broker on a free port,
 * one application with N ChirpStack devices × 3 fields (colour ranges, alarm range with its event enabled, history on),
 * and real ChirpStack v4 `event/up` uplinks published with QoS 1 by a separate publisher process (several mqtt.js
 * connections). Per mode it measures, in the same run:
 *   1. the broker's pass-through: the same publishers, message sizes and window, QoS 1, to plain subscribers in this
 *      process (on Mosquitto one per ingest connection, in a shared subscription as the console's), on topics outside
 *      the console's subscription, so nothing is processed (for aedes, a plain aedes without the console's device ACL,
 *      which refuses such topics);
 *   2. the ingest: uplinks fully processed and committed per second (at the sink's commit, cross-checked against the
 *      raw_data rows whose created_at falls in the window), data points per second (3 per uplink), latency from publish
 *      (the uplink's `time`, set by the publisher) to commit (the sink's ingest promise resolving after COMMIT), the
 *      publisher's PUBACK latency (embedded broker: PUBACK follows commit), peak RSS of this process, CPU per process.
 * Load control is closed-loop: at most `window` uplinks are published and not yet confirmed (committed, or received by
 * the plain subscribers); the publishers send as fast as the confirmations allow, so the rate found is the highest the
 * pipeline sustains at that depth, without queues growing without bound (Mosquitto drops what exceeds its per-client
 * queue, 1,000 by default). Figures only, no assertions.
 *
 *   npm run bench:ingest -- [--mode postgres|embedded|both|<db>+<broker>] [--devices 1000] [--duration 20] [--warmup 5]
 *     [--pass-duration 10] [--publishers 4] [--window 2000] [--pass-window 1000] [--ingest-connections 8]
 *     [--alarm-rate 0.01] [--notifications] [--script] [--drain-timeout 300] [--cpu-prof] [--json-out file] [--repeat 1]
 * <db> is postgres or pglite, <broker> mosquitto or aedes.
 * --repeat N runs the modes N times, each round in the reverse order of the one before (so no mode always runs after
 * another), and prints every run, then each mode's median run (by ingest rate) in the tables and comparisons.
 * --script runs each mode twice in one run: as above, then (`<mode>+script`) with the adapters plugin and a simple
 * decoding script attached to every device (bench/ingest/adapter-script.ts), and prints the ingest rate with scripts
 * against the rate without them, as a ratio.
 * --notifications runs each mode twice in one run: as above, then (`<mode>+mail`) with the events, public-alert and
 * notifications plugins, every device's temperature alarm e-mailing a contact of its own (so 1 % of uplinks raise an
 * event with an e-mail at --alarm-rate 0.01) to an SMTP sink in a process of its own. It prints both ingest rates and how long the
 * notification backlog took to drain after the measurement (deliveries sent, e-mails at the sink).
 */
import 'reflect-metadata';
import { fork, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServer, type AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { Aedes } from 'aedes';
import { sql } from 'drizzle-orm';
import { connectAsync } from 'mqtt';
import {
  DatabaseToken,
  DataSourceSinkToken,
  OrganisationDirectoryToken,
  type Database,
  type IngestOutcome,
  type Uplink,
} from '@sensorium/core/server';
import { startTestServer, type TestServer } from '../host/server/testing';
import applications from '../plugins/applications/server';
import chirpstack from '../plugins/chirpstack/server';
import devicePipeline from '../plugins/device-pipeline/server';
import events from '../plugins/events/server';
import nodes from '../plugins/nodes/server';
import notifications from '../plugins/notifications/server';
import publicAlert from '../plugins/public-alert/server';
import users from '../plugins/users/server';
import { CpuMeter, CpuProfiler, SqlTimer, type CpuGroups, type ProfileSummary, type SqlStat } from './ingest/probes';
import type { FromPublisher, ToPublisher } from './ingest/publisher';
import adapters from '../plugins/adapters/server';
import { attachBenchScripts } from './ingest/adapter-script';
import { startSmtpSinkProcess, type SmtpSinkProcess } from './ingest/smtp-sink-process';
import { Samples, summarize, type LatencySummary } from './ingest/stats';
import { BENCH_APP_ID, benchContactOf, benchInput, CHIRPSTACK_APP_ID, devEuiOf } from './ingest/uplink';

const FIELDS_PER_UPLINK = 3;

const { values: args } = parseArgs({
  options: {
    mode: { type: 'string', default: 'both' },
    devices: { type: 'string', default: '1000' },
    duration: { type: 'string', default: '20' },
    warmup: { type: 'string', default: '5' },
    'pass-duration': { type: 'string', default: '10' },
    publishers: { type: 'string', default: '4' },
    window: { type: 'string', default: 'auto' },
    'pass-window': { type: 'string', default: 'auto' },
    'flush-ms': { type: 'string' },
    'ingest-connections': { type: 'string', default: '8' },
    'alarm-rate': { type: 'string', default: '0.01' },
    notifications: { type: 'boolean', default: false },
    script: { type: 'boolean', default: false },
    'drain-timeout': { type: 'string', default: '300' },
    'cpu-prof': { type: 'boolean', default: false },
    'json-out': { type: 'string' },
    repeat: { type: 'string', default: '1' },
  },
});

const options = {
  devices: Number(args.devices),
  durationS: Number(args.duration),
  warmupS: Number(args.warmup),
  passDurationS: Number(args['pass-duration']),
  publishers: Number(args.publishers),
  window: args.window ?? 'auto',
  passWindow: args['pass-window'] ?? 'auto',
  flushMs: args['flush-ms'] === undefined ? null : Number(args['flush-ms']),
  ingestConnections: Number(args['ingest-connections']),
  alarmRate: Number(args['alarm-rate']),
  drainTimeoutS: Number(args['drain-timeout']),
  cpuProf: args['cpu-prof'] ?? false,
};

const DATABASE_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const MQTT_URL = process.env.MQTT_URL ?? 'mqtt://127.0.0.1:1883';
process.env.DATABASE_URL = DATABASE_URL;

interface Mode {
  name: string;
  db: 'postgres' | 'pglite';
  broker: 'mosquitto' | 'aedes';
  /** The notifications variant: alarms e-mail the devices' contacts. */
  notify: boolean;
  /** The adapter-script variant: every device's uplinks go through a decoding script. */
  script?: boolean;
}

const NOTIFY_SUFFIX = '+mail';
const SCRIPT_SUFFIX = '+script';

/** The modes to run: each twice, without and with notifications, under --notifications. */
function modesOf(text: string): Mode[] {
  if (text.endsWith(SCRIPT_SUFFIX)) {
    return parseMode(text.slice(0, -SCRIPT_SUFFIX.length)).map((mode) => ({ ...mode, name: text, script: true }));
  }
  if (text.endsWith(NOTIFY_SUFFIX)) {
    return parseMode(text.slice(0, -NOTIFY_SUFFIX.length)).map((mode) => ({ ...mode, name: text, notify: true }));
  }
  const modes = parseMode(text);
  if (args.script) return modes.flatMap((mode) => [mode, { ...mode, name: `${mode.name}${SCRIPT_SUFFIX}`, script: true }]);
  if (!args.notifications) return modes;
  return modes.flatMap((mode) => [mode, { ...mode, name: `${mode.name}${NOTIFY_SUFFIX}`, notify: true }]);
}

function parseMode(text: string): Mode[] {
  if (text === 'both') return [...parseMode('postgres'), ...parseMode('embedded')];
  if (text === 'postgres') return [{ name: 'postgres', db: 'postgres', broker: 'mosquitto', notify: false }];
  if (text === 'embedded') return [{ name: 'embedded', db: 'pglite', broker: 'aedes', notify: false }];
  const [db, broker] = text.split('+');
  if ((db === 'postgres' || db === 'pglite') && (broker === 'mosquitto' || broker === 'aedes')) {
    return [{ name: text, db, broker, notify: false }];
  }
  throw new Error(`--mode must be postgres, embedded, both or <postgres|pglite>+<mosquitto|aedes>, not "${text}"`);
}

export interface ModeResult {
  mode: string;
  db: string;
  broker: string;
  devices: number;
  passThrough: { rate: number; published: number; lost: number; stalls: number };
  ingest: {
    rate: number;
    dbRate: number;
    pointsRate: number;
    latency: LatencySummary;
    transport: LatencySummary;
    sinkWait: LatencySummary;
    dbLatency: { p50: number; p99: number };
    puback: LatencySummary;
    stalls: number;
    published: number;
    stored: number;
    lost: number;
    history: number;
    events: { created: number; open: number };
    sinkCalls: { count: number; avg: number };
    writes: { count: number; avgSize: number; avgMs: number; p99Ms: number };
  };
  peakRssMb: number;
  maxRssMb: number;
  /** Batches the sink writes at once (IngestService options.writeLanes; 1 for a sink without lanes). */
  writeLanes: number;
  windows: { pass: number; ingest: number };
  cpu: CpuGroups;
  sql: SqlStat[];
  profile: ProfileSummary | null;
  setupS: number;
  /** The notifications variant's backlog after the measurement. */
  notifications?: NotificationBacklog;
}

interface NotificationBacklog {
  /** Delivery rows planned (one per notified event). */
  planned: number;
  sent: number;
  /** Deliveries still queued, deferred or sending, and plans still waiting, when the drain stopped waiting. */
  left: number;
  /** From the end of the measurement until no delivery waited (or the drain timeout). */
  drainS: number;
  /** E-mails the SMTP sink received by then. */
  mailed: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const fmt = (value: number, digits = 0) =>
  Number.isFinite(value) ? value.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits }) : '–';

/** Peak RSS of this process, sampled (the kernel's maxRSS covers the whole process life). */
class RssSampler {
  peak = 0;
  private readonly timer = setInterval(() => this.sample(), 100);
  sample(): void {
    this.peak = Math.max(this.peak, process.memoryUsage.rss());
  }
  stop(): void {
    clearInterval(this.timer);
    this.sample();
  }
}

/** A plain aedes broker on 127.0.0.1 (no authentication, no ACL): the embedded mode's pass-through reference. */
async function startPlainAedes(): Promise<{ url: string; close(): Promise<void> }> {
  const broker = await Aedes.createBroker();
  const server = createServer(broker.handle);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `mqtt://127.0.0.1:${port}`,
    close: async () => {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      await new Promise<void>((resolve) => broker.close(() => resolve()));
      await closed;
    },
  };
}

/** The forked publisher process. */
class Publishers {
  private readonly child: ChildProcess;
  private waiters: ((message: FromPublisher) => void)[] = [];
  private lastLimit = -1;

  constructor() {
    this.child = fork(fileURLToPath(new URL('./ingest/publisher.ts', import.meta.url)), [], { stdio: 'inherit' });
    this.child.on('message', (message: FromPublisher) => {
      if (message.type === 'error') console.error(`publisher: ${message.message}`);
      const waiters = this.waiters;
      this.waiters = [];
      for (const waiter of waiters) waiter(message);
    });
  }

  get pid(): number | undefined {
    return this.child.pid;
  }

  private next(type: FromPublisher['type']): Promise<FromPublisher> {
    return new Promise((resolve, reject) => {
      const wait = (message: FromPublisher) => {
        if (message.type === type) resolve(message);
        else if (message.type === 'error') reject(new Error(message.message));
        else this.waiters.push(wait);
      };
      this.waiters.push(wait);
    });
  }

  send(message: ToPublisher): void {
    this.child.send(message);
  }

  async connect(message: Extract<ToPublisher, { type: 'connect' }>): Promise<void> {
    const connected = this.next('connected');
    this.send(message);
    await connected;
  }

  run(topicRoot: string): void {
    this.lastLimit = -1;
    this.send({ type: 'run', topicRoot });
  }

  /** Allows publishing up to `limit` messages in this phase (sent when it grew by a step, or `force`). */
  credit(limit: number, step: number, force = false): void {
    if (limit - this.lastLimit >= step || (force && limit > this.lastLimit)) {
      this.lastLimit = limit;
      this.send({ type: 'credit', limit });
    }
  }

  async stop(windowStart: number, windowEnd: number): Promise<Extract<FromPublisher, { type: 'stopped' }>> {
    const stopped = this.next('stopped');
    this.send({ type: 'stop', windowStart, windowEnd });
    return (await stopped) as Extract<FromPublisher, { type: 'stopped' }>;
  }

  close(): void {
    this.child.disconnect();
  }
}

interface PhaseHooks {
  /** Uplinks confirmed so far (committed, or received by the subscriber). */
  confirmed(): number;
  onWindowStart?(): void | Promise<void>;
  onWindowEnd?(): void | Promise<void>;
}

interface PhaseResult {
  rate: number;
  windowStart: number;
  windowEnd: number;
  published: number;
  puback: LatencySummary;
  /** Published but never confirmed (the broker dropped them, or the pipeline stopped). */
  lost: number;
  /** Times nothing was confirmed for 3 s: the window was then granted again (presumed lost). */
  stalls: number;
}

/**
 * Closed loop: publish while fewer than `window` are unconfirmed; warm up, measure `durationS`, stop and drain. When
 * nothing is confirmed for 3 s (a broker dropped messages: Mosquitto does under load), a fresh window is granted so the
 * measurement goes on; what never arrives is reported as lost.
 */
async function runPhase(
  publishers: Publishers,
  topicRoot: string,
  window: number,
  warmupS: number,
  durationS: number,
  hooks: PhaseHooks,
  label: string,
): Promise<PhaseResult> {
  const step = Math.max(1, Math.floor(window / 16));
  // Confirmations of this phase (the counters of earlier phases keep running).
  const base = hooks.confirmed();
  const confirmed = () => hooks.confirmed() - base;
  publishers.run(topicRoot);
  publishers.credit(window, 1, true);
  let allowance = 0;
  let stalls = 0;
  let publishing = true;
  let lastConfirmed = -1;
  let lastProgress = Date.now();
  const credit = setInterval(() => {
    const now = confirmed();
    publishers.credit(now + allowance + window, step, true);
    if (now !== lastConfirmed) {
      lastConfirmed = now;
      lastProgress = Date.now();
    } else if (publishing && Date.now() - lastProgress > 3000) {
      stalls++;
      allowance += window;
      lastProgress = Date.now();
      console.warn(`  ${label}: nothing confirmed for 3 s (${fmt(now)} so far) — granting a new window`);
    }
  }, 2);
  const started = Date.now();
  const progress = setInterval(
    () => {
      const text = `  ${label}: ${fmt((Date.now() - started) / 1000)} s, ${fmt(confirmed())} confirmed`;
      if (process.stdout.isTTY) process.stdout.write(`${text}\r`);
      else console.log(text);
    },
    process.stdout.isTTY ? 1000 : 5000,
  );
  try {
    await sleep(warmupS * 1000);
    const windowStart = Date.now();
    const c0 = confirmed();
    await hooks.onWindowStart?.();
    await sleep(durationS * 1000);
    const windowEnd = Date.now();
    const c1 = confirmed();
    await hooks.onWindowEnd?.();
    const stopped = await publishers.stop(windowStart, windowEnd);
    publishing = false;
    // Drain: wait until everything published is confirmed, or nothing more arrives for 5 s.
    let seen = confirmed();
    let seenAt = Date.now();
    while (confirmed() < stopped.published && Date.now() - seenAt < 5000) {
      await sleep(20);
      if (confirmed() !== seen) {
        seen = confirmed();
        seenAt = Date.now();
      }
    }
    const lost = Math.max(0, stopped.published - confirmed());
    if (lost > 0) console.warn(`  ${label}: ${fmt(lost)} of ${fmt(stopped.published)} published never confirmed`);
    if (process.stdout.isTTY) process.stdout.write('\n');
    return {
      rate: (c1 - c0) / ((windowEnd - windowStart) / 1000),
      windowStart,
      windowEnd,
      published: stopped.published,
      puback: stopped.ackLatency,
      lost,
      stalls,
    };
  } finally {
    clearInterval(credit);
    clearInterval(progress);
  }
}

async function rows<T>(db: Database, statement: ReturnType<typeof sql>): Promise<T[]> {
  const answer = (await db.execute(statement)) as unknown as { rows?: T[] } | T[];
  return Array.isArray(answer) ? answer : (answer.rows ?? []);
}

/**
 * The +mail modes' per-contact rate limit: far above what a contact gets in a run (a few e-mails a minute), so no
 * delivery is deferred and the drain measures the deliver workers, not the limit (default 6 per 10 minutes).
 */
const BENCH_RATE_LIMIT = { maxSent: 1000, windowMinutes: 1 };

/**
 * The end customer the bench application belongs to. The +mail modes need an organisation for it, since the rate
 * limit is an organisation's setting (an end customer without one always has the default): an si-customer of a new
 * organisation creates the end customer, and the organisation's limit is set through the API.
 */
async function benchEndCustomer(server: TestServer, token: string, notify: boolean): Promise<string> {
  if (!notify) return 'end_default';
  const directory = server.running.container.resolve(OrganisationDirectoryToken);
  const organisationId = (await directory.create({ name: 'Ingest benchmark', size: '', role: '', endCustomerId: null })).id;
  const customer = await server.loginAs({
    username: 'bench-integrator',
    level: 'si-customer',
    organisationId,
    permissions: ['useredit', 'setting'],
  });
  const endCustomer = await server.request('POST', '/api/customer/end-customer/', {
    token: customer,
    body: { name: 'Ingest benchmark' },
  });
  if (endCustomer.status !== 201) throw new Error(`Creating the end customer failed: ${endCustomer.status}`);
  const limit = await server.request('PUT', `/api/notifications/rate-limit?organisationId=${organisationId}`, {
    token,
    body: BENCH_RATE_LIMIT,
  });
  if (limit.status !== 200) throw new Error(`Setting the rate limit failed: ${limit.status} ${JSON.stringify(limit.body)}`);
  const { maxSent, windowMinutes, own } = limit.body as { maxSent: number; windowMinutes: number; own: boolean };
  console.log(`  rate limit per contact: ${maxSent} per ${windowMinutes} min (organisation's own: ${own})`);
  return (endCustomer.body as { id: string }).id;
}

/** Creates the application and its devices; answers the items' uuids. */
async function createDevices(server: TestServer, devices: number, notify: boolean): Promise<string[]> {
  const token = (await server.login()).access_token;
  const endCustomerId = await benchEndCustomer(server, token, notify);
  const created = await server.request('POST', '/api/application/new/', {
    token,
    body: { id: BENCH_APP_ID, name: 'Ingest benchmark', description: '', endCustomerId },
  });
  if (created.status !== 201)
    throw new Error(`Creating the application failed: ${created.status} ${JSON.stringify(created.body)}`);
  const tree = await server.request('GET', `/api/node-structure-item/${BENCH_APP_ID}/tree`, { token });
  if (tree.status !== 200) throw new Error(`Reading the tree failed: ${tree.status}`);
  const plainInput = benchInput();
  const uuids: string[] = [];
  let next = 0;
  const worker = async () => {
    while (next < devices) {
      const index = next++;
      const input = notify ? benchInput(index) : plainInput;
      if (notify) {
        const contact = await server.request('POST', `/api/notifications/${BENCH_APP_ID}/contacts`, {
          token,
          body: benchContactOf(index),
        });
        if (contact.status !== 201) throw new Error(`Creating contact ${index} failed: ${contact.status}`);
      }
      const response = await server.request('POST', `/api/node-structure-item/${BENCH_APP_ID}/items`, {
        token,
        body: {
          newItem: {
            itemType: 'item',
            itemName: `th-${index}`,
            itemDescription: 'Temperature and humidity sensor',
            dataSource: { type: 'chirpstack', deviceEUI: devEuiOf(index), applicationId: CHIRPSTACK_APP_ID },
            input,
            outputSimple: {},
            geoInfo: { tags: ['bench'] },
          },
          parentName: 'root',
        },
      });
      if (response.status !== 201) {
        throw new Error(`Creating item th-${index} failed: ${response.status} ${JSON.stringify(response.body)}`);
      }
      uuids.push((response.body as { uuid: string }).uuid);
    }
  };
  await Promise.all(Array.from({ length: 8 }, worker));
  return uuids;
}

/**
 * Waits until no event's plan is waiting and no delivery is queued, deferred or sending (or the drain timeout), from
 * the end of the measurement window: the notification backlog the ingest left behind, as the plan and deliver jobs work
 * it off. `left` counts both.
 */
async function drainNotifications(db: Database, smtp: SmtpSinkProcess, windowEnd: number): Promise<NotificationBacklog> {
  const count = async () => {
    const [counts] = await rows<{ planned: string; sent: string; left: string }>(
      db,
      sql`SELECT count(*) AS planned, count(*) FILTER (WHERE status = 'sent') AS sent,
            count(*) FILTER (WHERE status IN ('queued', 'deferred', 'sending'))
              + (SELECT count(*) FROM pgboss.job
                WHERE name = 'notifications.plan' AND state IN ('created', 'retry', 'active')) AS left
          FROM notifications_deliveries WHERE app_id = ${BENCH_APP_ID}`,
    );
    return { planned: Number(counts?.planned ?? 0), sent: Number(counts?.sent ?? 0), left: Number(counts?.left ?? 0) };
  };
  let last = await count();
  console.log(`  notifications: ${last.planned} planned, ${last.left} waiting at the end of the measurement; draining…`);
  const drainStart = performance.now();
  while (last.left > 0 && performance.now() - drainStart < options.drainTimeoutS * 1000) {
    await sleep(1000);
    last = await count();
  }
  // The measurement window's end is wall-clock time (the uplinks' `time`), so the drain is timed on the same clock.
  const drainS = (Date.now() - windowEnd) / 1000;
  return { ...last, drainS, mailed: await smtp.received() };
}

/** Deletes the persistent sessions the console left on Mosquitto (clean start, then disconnect). */
async function dropMosquittoSessions(clientIds: string[]): Promise<void> {
  for (const clientId of clientIds) {
    const client = await connectAsync(MQTT_URL, { clientId, clean: true, reconnectPeriod: 0 }).catch(() => null);
    await client?.endAsync();
  }
}

/** Cores that processes outside the benchmark (and the SMTP sink) took in the window: other work skews a run. */
const OTHER_WORK_LIMIT = 0.2;
function otherWork(r: ModeResult): number {
  const { machine = 0, ...measured } = r.cpu;
  return machine - Object.values(measured).reduce((sum, cores) => sum + cores, 0);
}

/** What the sink wrapper records while a measurement window is open. */
class Recorder {
  readonly latency = new Samples();
  readonly transport = new Samples();
  readonly sinkWait = new Samples();
  readonly sinkCalls = new Samples();
  readonly writeSizes = new Samples();
  readonly writeMs = new Samples();
}

/**
 * Unconfirmed uplinks allowed: the option (a number or a comma list to sweep), or by broker. Mosquitto 2.0 (default
 * configuration) drops QoS 1 messages for a subscriber once a few hundred wait for it (measured: none lost at 300, lost
 * at 500 per subscriber), so its windows stay at 250 per subscribing connection.
 */
function windowsFor(text: string, mode: Mode, pass: boolean): number[] {
  if (text !== 'auto') return text.split(',').map(Number);
  // The pass-through has as many subscribing connections as the ingest (see runMode), so both get the same window.
  if (mode.broker === 'mosquitto') return [Math.min(2000, 250 * options.ingestConnections)];
  return pass ? [1000] : [250, 500, 1000, 2000, 4000];
}

const chosenWindows = { pass: 0, ingest: 0 };

async function runMode(mode: Mode): Promise<ModeResult> {
  const unique = randomUUID().slice(0, 8);
  const clientId = `sensorium-bench-${unique}`;
  const rss = new RssSampler();
  const sqlTimer = new SqlTimer();
  sqlTimer.install();
  console.log(
    `\n== ${mode.name}: ${mode.db === 'postgres' ? 'PostgreSQL (scratch database)' : 'PGlite'} + ` +
      `${mode.broker === 'mosquitto' ? `Mosquitto ${MQTT_URL} (${options.ingestConnections} ingest connections)` : 'embedded aedes'}, ` +
      `${options.devices} devices × ${FIELDS_PER_UPLINK} fields`,
  );
  const setupStarted = performance.now();
  const smtp = mode.notify ? await startSmtpSinkProcess() : null;
  const server = await startTestServer({
    backend: mode.db,
    plugins: mode.notify
      ? [applications, users, nodes, devicePipeline, chirpstack, events, publicAlert, notifications]
      : // events owns node_events, which the alarm ranges' events go to.
        [applications, nodes, devicePipeline, chirpstack, events, ...(mode.script ? [publicAlert, notifications, adapters] : [])],
    smtpUrl: smtp?.url,
    mqtt:
      mode.broker === 'mosquitto'
        ? { url: MQTT_URL, ingestConnections: options.ingestConnections, clientId, topicPrefix: `bench-${unique}/` }
        : true,
  });
  const publishers = new Publishers();
  let plain: Awaited<ReturnType<typeof startPlainAedes>> | null = null;
  try {
    const mqtt = server.mqtt!;
    const db = server.running.container.resolve(DatabaseToken);
    const uuids = await createDevices(server, options.devices, mode.notify);
    if (mode.script) await attachBenchScripts(server, BENCH_APP_ID, uuids);
    const setupS = (performance.now() - setupStarted) / 1000;
    console.log(
      `  server started, ${options.devices} items${mode.notify ? ' and contacts' : mode.script ? ' with adapter scripts' : ''} created in ${fmt(setupS, 1)} s; broker ${mqtt.url}`,
    );

    const connectPublishers = (broker: { url: string; username?: string; password?: string }) =>
      publishers.connect({
        type: 'connect',
        ...broker,
        clientIdPrefix: `bench-pub-${unique}`,
        connections: options.publishers,
        devices: options.devices,
        alarmRate: options.alarmRate,
      });
    const consoleBroker = { url: mqtt.url, username: mqtt.username, password: mqtt.password };
    // The console's aedes lets devices publish only uplinks it consumes and subscribe to no uplink topic, so the
    // embedded mode's pass-through runs on a plain aedes of the same version in this process.
    plain = mode.broker === 'aedes' ? await startPlainAedes() : null;
    const passBroker = plain ? { url: plain.url } : consoleBroker;
    await connectPublishers(passBroker);

    // 1. Pass-through: publishers → plain subscribers (QoS 1), same messages, topics the console ignores. On Mosquitto as
    // many subscribers as the console has ingest connections, in one shared subscription as the console's, so the
    // reference gets the same window as the ingest; aedes has no shared subscriptions, so one subscriber.
    const passRoot = `${mqtt.topicPrefix}bench-pass-${unique}/`;
    const passTopic = `${passRoot}application/+/device/+/event/up`;
    const subscriberCount = mode.broker === 'mosquitto' ? options.ingestConnections : 1;
    let received = 0;
    const subscribers = await Promise.all(
      Array.from({ length: subscriberCount }, async (_, index) => {
        const subscriber = await connectAsync(passBroker.url, {
          clientId: `bench-sub-${unique}-${index}`,
          ...passBroker,
          clean: true,
        });
        subscriber.on('message', () => {
          received++;
        });
        await subscriber.subscribeAsync(subscriberCount > 1 ? `$share/bench-pass-${unique}/${passTopic}` : passTopic, { qos: 1 });
        return subscriber;
      }),
    );
    chosenWindows.pass = windowsFor(options.passWindow, mode, true)[0]!;
    const pass = await runPhase(
      publishers,
      passRoot,
      chosenWindows.pass,
      Math.min(options.warmupS, 3),
      options.passDurationS,
      { confirmed: () => received },
      'pass-through',
    );
    await Promise.all(subscribers.map((subscriber) => subscriber.endAsync()));
    if (plain) {
      await connectPublishers(consoleBroker);
      await plain.close();
      plain = null;
    }
    console.log(
      `  pass-through: ${fmt(pass.rate)} msg/s` +
        (pass.lost > 0 ? ` (${fmt(pass.lost)} of ${fmt(pass.published)} dropped by the broker)` : ''),
    );

    // 2. Ingest: the same publishers to the console's topics; confirmation = the sink's commit.
    const sink = server.running.resolve(DataSourceSinkToken);
    if (options.flushMs !== null) {
      // Experiment only: the sink's batch timer (IngestService options.flushMs, 20 ms by default).
      const ingestOptions = (sink as unknown as { options?: { flushMs: number } }).options;
      if (ingestOptions) ingestOptions.flushMs = options.flushMs;
    }
    const originalIngest = sink.ingest.bind(sink);
    let committed = 0;
    let recorder: Recorder | null = null;
    sink.ingest = async (uplinks: Uplink[]): Promise<IngestOutcome> => {
      const called = Date.now();
      const outcome = await originalIngest(uplinks);
      const done = Date.now();
      committed += uplinks.length;
      if (recorder) {
        recorder.sinkCalls.push(uplinks.length);
        for (const uplink of uplinks) {
          const published = uplink.receivedAt.getTime();
          recorder.latency.push(done - published);
          recorder.transport.push(called - published);
          recorder.sinkWait.push(done - called);
        }
      }
      return outcome;
    };
    // The sink's batch write (one transaction), timed from outside when the ingest has one (lanes write at once).
    const service = sink as unknown as { write?: (uplinks: Uplink[]) => Promise<unknown> };
    if (typeof service.write === 'function') {
      const originalWrite = service.write.bind(sink);
      service.write = async (uplinks: Uplink[]) => {
        const started = performance.now();
        const current = recorder;
        try {
          return await originalWrite(uplinks);
        } finally {
          current?.writeSizes.push(uplinks.length);
          current?.writeMs.push(performance.now() - started);
        }
      };
    }

    // The window: one value, or the best of several (the smallest within 5% of the highest rate, so latency stays low).
    const windows = windowsFor(options.window, mode, false);
    let window = windows[0]!;
    if (windows.length > 1) {
      const sweep: { window: number; rate: number; p50: number; p99: number }[] = [];
      for (const candidate of windows) {
        const probe = new Recorder();
        const result = await runPhase(
          publishers,
          mqtt.topicPrefix,
          candidate,
          2,
          4,
          {
            confirmed: () => committed,
            onWindowStart: () => void (recorder = probe),
            onWindowEnd: () => void (recorder = null),
          },
          `window ${candidate}`,
        );
        const summary = summarize(probe.latency.values());
        sweep.push({ window: candidate, rate: result.stalls > 0 ? 0 : result.rate, p50: summary.p50, p99: summary.p99 });
      }
      const best = Math.max(...sweep.map((entry) => entry.rate));
      window = sweep.find((entry) => entry.rate >= best * 0.95)!.window;
      console.log('  window sweep (4 s each):');
      printTable(
        ['window', 'uplinks/s', 'p50 ms', 'p99 ms'],
        sweep.map((entry) => [fmt(entry.window), fmt(entry.rate), fmt(entry.p50), fmt(entry.p99)]),
      );
      console.log(`  measuring with window ${window}`);
    }
    chosenWindows.ingest = window;

    // Everything published to the console so far (the sweep's phases too), to find uplinks lost on the way.
    const publishedBefore = committed;
    const cpu = new CpuMeter(
      { server: process.pid, publishers: publishers.pid, 'smtp sink': smtp?.pid },
      { mosquitto: mode.broker === 'mosquitto', postgres: mode.db === 'postgres' },
    );
    const profiler = options.cpuProf ? new CpuProfiler() : null;
    const measured = new Recorder();
    let cpuCores: CpuGroups = {};
    let profile: ProfileSummary | null = null;
    let sqlStats: SqlStat[] = [];
    const ingest = await runPhase(
      publishers,
      mqtt.topicPrefix,
      window,
      options.warmupS,
      options.durationS,
      {
        confirmed: () => committed,
        async onWindowStart() {
          recorder = measured;
          cpu.begin();
          sqlTimer.start();
          await profiler?.start();
        },
        async onWindowEnd() {
          recorder = null;
          cpuCores = cpu.end();
          sqlStats = sqlTimer.stop();
          if (profiler) profile = await profiler.stop(join(tmpdir(), `bench-ingest-${mode.name}-${unique}.cpuprofile`));
        },
      },
      'ingest',
    );
    rss.stop();

    // Cross-check in the database: rows committed in the window, totals, history and events.
    const t0 = ingest.windowStart / 1000;
    const t1 = ingest.windowEnd / 1000;
    const [inWindow] = await rows<{ n: string; p50: number | null; p99: number | null }>(
      db,
      sql`SELECT count(*) AS n,
            percentile_cont(0.5) WITHIN GROUP (ORDER BY extract(epoch FROM created_at - received_at) * 1000) AS p50,
            percentile_cont(0.99) WITHIN GROUP (ORDER BY extract(epoch FROM created_at - received_at) * 1000) AS p99
          FROM raw_data WHERE app_id = ${BENCH_APP_ID} AND created_at >= to_timestamp(${t0}) AND created_at < to_timestamp(${t1})`,
    );
    const [totals] = await rows<{ raw: string; history: string; created: string; open: string }>(
      db,
      sql`SELECT (SELECT count(*) FROM raw_data WHERE app_id = ${BENCH_APP_ID}) AS raw,
            (SELECT count(*) FROM field_history) AS history,
            (SELECT count(*) FROM node_events WHERE app_id = ${BENCH_APP_ID}) AS created,
            (SELECT count(*) FROM node_events WHERE app_id = ${BENCH_APP_ID} AND NOT is_cleared) AS open`,
    );
    const backlog = smtp ? await drainNotifications(db, smtp, ingest.windowEnd) : undefined;
    const windowS = (ingest.windowEnd - ingest.windowStart) / 1000;
    const dbRate = Number(inWindow?.n ?? 0) / windowS;
    const stored = Number(totals?.raw ?? 0);
    const writeMs = summarize(measured.writeMs.values());
    const writeSizes = measured.writeSizes.values();
    const result: ModeResult = {
      mode: mode.name,
      db: mode.db,
      broker: mode.broker,
      devices: options.devices,
      passThrough: { rate: pass.rate, published: pass.published, lost: pass.lost, stalls: pass.stalls },
      ingest: {
        rate: ingest.rate,
        dbRate,
        pointsRate: ingest.rate * FIELDS_PER_UPLINK,
        latency: summarize(measured.latency.values()),
        transport: summarize(measured.transport.values()),
        sinkWait: summarize(measured.sinkWait.values()),
        dbLatency: { p50: Number(inWindow?.p50 ?? NaN), p99: Number(inWindow?.p99 ?? NaN) },
        puback: ingest.puback,
        stalls: ingest.stalls,
        published: publishedBefore + ingest.published,
        stored,
        lost: publishedBefore + ingest.published - stored,
        history: Number(totals?.history ?? 0),
        events: { created: Number(totals?.created ?? 0), open: Number(totals?.open ?? 0) },
        sinkCalls: {
          count: measured.sinkCalls.length,
          avg: measured.sinkCalls.values().reduce((a, b) => a + b, 0) / Math.max(1, measured.sinkCalls.length),
        },
        writes: {
          count: writeSizes.length,
          avgSize: writeSizes.reduce((a, b) => a + b, 0) / Math.max(1, writeSizes.length),
          avgMs: measured.writeMs.values().reduce((a, b) => a + b, 0) / Math.max(1, measured.writeMs.length),
          p99Ms: writeMs.p99,
        },
      },
      peakRssMb: rss.peak / 2 ** 20,
      writeLanes: (sink as unknown as { options?: { writeLanes?: number } }).options?.writeLanes ?? 1,
      maxRssMb: process.resourceUsage().maxRSS / 1024,
      windows: { ...chosenWindows },
      cpu: cpuCores,
      sql: sqlStats,
      profile,
      setupS,
      ...(backlog ? { notifications: backlog } : {}),
    };
    printDetails(result);
    return result;
  } finally {
    rss.stop();
    publishers.close();
    await plain?.close();
    sqlTimer.uninstall();
    await server.close();
    await smtp?.close();
    if (mode.broker === 'mosquitto') {
      await dropMosquittoSessions(Array.from({ length: options.ingestConnections }, (_, i) => `${clientId}-chirpstack-${i}`));
    }
  }
}

function printTable(headers: string[], body: string[][]): void {
  const widths = headers.map((header, column) => Math.max(header.length, ...body.map((row) => (row[column] ?? '').length)));
  const line = (cells: string[]) => `| ${cells.map((cell, column) => cell.padStart(widths[column]!)).join(' | ')} |`;
  console.log(line(headers));
  console.log(`|${widths.map((width) => '-'.repeat(width + 2)).join('|')}|`);
  for (const row of body) console.log(line(row));
}

function printDetails(r: ModeResult): void {
  const i = r.ingest;
  const ms = (value: number) => `${fmt(value)} ms`;
  console.log(`\n  -- ${r.mode} details`);
  console.log(
    `  latency publish→commit p50 ${ms(i.latency.p50)}, p99 ${ms(i.latency.p99)}, max ${ms(i.latency.max)} (${fmt(i.latency.count)} uplinks)`,
  );
  console.log(
    `    publish→sink call (broker, MQTT, adapter, group commit) p50 ${ms(i.transport.p50)} p99 ${ms(i.transport.p99)}; ` +
      `sink call→commit (queue + transaction) p50 ${ms(i.sinkWait.p50)} p99 ${ms(i.sinkWait.p99)}`,
  );
  console.log(
    `    publish→raw_data.created_at (transaction start, database clock) p50 ${ms(i.dbLatency.p50)} p99 ${ms(i.dbLatency.p99)}; ` +
      `publisher PUBACK p50 ${ms(i.puback.p50)} p99 ${ms(i.puback.p99)}` +
      (r.broker === 'aedes' ? ' (embedded: PUBACK follows commit)' : ' (Mosquitto acknowledges on receipt)'),
  );
  console.log(
    `  sink calls ${fmt(i.sinkCalls.count)} (avg ${fmt(i.sinkCalls.avg, 1)} uplinks); batch writes ${fmt(i.writes.count)} ` +
      `(avg ${fmt(i.writes.avgSize, 1)} uplinks, avg ${ms(i.writes.avgMs)}, p99 ${ms(i.writes.p99Ms)}); ` +
      `busy writing ${fmt((i.writes.count * i.writes.avgMs) / (10 * options.durationS * r.writeLanes), 1)}% of the window ` +
      `(${r.writeLanes} write lane${r.writeLanes === 1 ? '' : 's'})`,
  );
  console.log(
    `  totals: published ${fmt(i.published)}, raw rows ${fmt(i.stored)}, lost ${fmt(i.lost)}, field_history ${fmt(i.history)}, ` +
      `events ${fmt(i.events.created)} (open ${fmt(i.events.open)})${i.stalls ? `, ${i.stalls} stalls` : ''}; ` +
      `pass-through published ${fmt(r.passThrough.published)}, dropped by the broker ${fmt(r.passThrough.lost)}`,
  );
  console.log(
    `  CPU (cores) over the window: ${Object.entries(r.cpu)
      .map(([group, cores]) => `${group} ${fmt(cores, 2)}`)
      .join(', ')}`,
  );
  if (otherWork(r) > OTHER_WORK_LIMIT) {
    console.log(`  ! other work on the machine took ${fmt(otherWork(r), 2)} cores in the window: this run is not comparable`);
  }
  if (r.sql.length > 0) {
    const total = r.sql.reduce((sum, stat) => sum + stat.totalMs, 0);
    console.log(`  SQL round trips over the window (node-postgres, ${fmt(total)} ms in total):`);
    printTable(
      ['statement', 'calls', 'total ms', 'avg ms', 'share of window'],
      r.sql
        .slice(0, 12)
        .map((s) => [
          s.label,
          fmt(s.calls),
          fmt(s.totalMs),
          fmt(s.totalMs / s.calls, 2),
          `${fmt((s.totalMs / (options.durationS * 1000)) * 100, 1)}%`,
        ]),
    );
  }
  if (r.profile) {
    const profile = r.profile;
    console.log(`  CPU profile of the server process over the window (${profile.file}), self time by area:`);
    printTable(
      ['area', 'ms', 'share'],
      profile.byArea.map((a) => [a.area, fmt(a.ms), `${fmt(a.share * 100, 1)}%`]),
    );
    console.log('  top functions by self time:');
    printTable(
      ['function', 'ms', 'share'],
      profile.topFunctions.map((f) => [f.name, fmt(f.ms), `${fmt(f.share * 100, 1)}%`]),
    );
  }
}

function printSummary(results: ModeResult[]): void {
  console.log('\n== Ingest benchmark summary');
  console.log(
    `   ${options.devices} devices × ${FIELDS_PER_UPLINK} fields, ${options.publishers} publisher connections, ` +
      `${options.durationS} s after ${options.warmupS} s warm-up (pass-through ${options.passDurationS} s)`,
  );
  printTable(
    [
      'mode',
      'database + broker',
      'pass-through msg/s',
      'ingest uplinks/s',
      'DB-checked /s',
      'data points/s',
      'ingest/pass',
      'p50 ms',
      'p99 ms',
      'peak RSS MB',
      'lost',
      'window',
    ],
    results.map((r) => [
      r.mode,
      `${r.db} + ${r.broker}`,
      fmt(r.passThrough.rate) + (r.passThrough.stalls ? '!' : ''),
      fmt(r.ingest.rate) + (r.ingest.stalls ? '!' : ''),
      fmt(r.ingest.dbRate),
      fmt(r.ingest.pointsRate),
      `${fmt((r.ingest.rate / r.passThrough.rate) * 100, 1)}%`,
      fmt(r.ingest.latency.p50),
      fmt(r.ingest.latency.p99),
      fmt(r.peakRssMb),
      fmt(r.ingest.lost),
      `${r.windows.ingest}/${r.windows.pass}`,
    ]),
  );
  console.log(
    '   latency: publish (uplink `time`, set by the publisher) → the sink resolving after COMMIT; DB-checked: raw_data rows with\n' +
      '   created_at (transaction start) inside the window; peak RSS: the server process, sampled every 100 ms; ! = a stall (messages dropped);\n' +
      '   window: unconfirmed uplinks allowed (ingest/pass-through).',
  );
  printScriptComparison(results);
  const notified = results.filter((r) => r.notifications);
  if (notified.length === 0) return;
  const plainOf = (r: ModeResult) => results.find((other) => !other.notifications && `${other.mode}${NOTIFY_SUFFIX}` === r.mode);
  const busy = (r: ModeResult) => [r, plainOf(r)].some((run) => run && otherWork(run) > OTHER_WORK_LIMIT);
  console.log('\n== Notifications (the +mail modes: 1 % of uplinks at --alarm-rate 0.01 raise an event e-mailed to a contact)');
  printTable(
    ['mode', 'ingest uplinks/s', 'without mail', 'change', 'deliveries', 'sent', 'left', 'drain s', 'at SMTP sink'],
    notified.map((r) => {
      const plain = plainOf(r);
      const backlog = r.notifications!;
      return [
        r.mode,
        fmt(r.ingest.rate),
        plain ? fmt(plain.ingest.rate) : '–',
        plain ? `${fmt((r.ingest.rate / plain.ingest.rate - 1) * 100, 1)}%` + (busy(r) ? ' ! busy machine' : '') : '–',
        fmt(backlog.planned),
        fmt(backlog.sent),
        fmt(backlog.left) + (backlog.left > 0 ? ' (timeout)' : ''),
        fmt(backlog.drainS, 1),
        fmt(backlog.mailed),
      ];
    }),
  );
  console.log('   drain: from the end of the measurement until no delivery was queued, deferred or sending.');
  if (notified.some(busy)) {
    console.log('   ! busy machine: other processes took over 0.2 cores in one of the two windows; rerun on a quiet machine.');
  }
}

/** The +script modes against the same run's modes without scripts: the ingest rate's ratio. */
function printScriptComparison(results: readonly ModeResult[]): void {
  const scripted = results.filter((r) => r.mode.endsWith(SCRIPT_SUFFIX));
  if (scripted.length === 0) return;
  const plainOf = (r: ModeResult) => results.find((other) => `${other.mode}${SCRIPT_SUFFIX}` === r.mode);
  console.log("\n== Adapter scripts (the +script modes: every device's uplinks decoded by a script in the QuickJS sandbox)");
  printTable(
    ['mode', 'ingest uplinks/s', 'without scripts', 'ratio', 'latency p50 ms', 'without', 'peak RSS MB', 'without'],
    scripted.map((r) => {
      const plain = plainOf(r);
      return [
        r.mode,
        fmt(r.ingest.rate),
        plain ? fmt(plain.ingest.rate) : '–',
        plain ? fmt(r.ingest.rate / plain.ingest.rate, 2) : '–',
        fmt(r.ingest.latency.p50, 1),
        plain ? fmt(plain.ingest.latency.p50, 1) : '–',
        fmt(r.peakRssMb),
        plain ? fmt(plain.peakRssMb) : '–',
      ];
    }),
  );
}

/** Runs one mode in a child process of its own, so that memory and CPU figures are not mixed; null when it failed. */
async function runModeProcess(mode: Mode, dir: string): Promise<ModeResult | null> {
  const out = join(dir, `${mode.name}-${randomUUID()}.json`);
  // The child runs one mode, named with its variant, so --notifications, --script and --repeat are not passed on.
  const own = new Set(['--mode', '--json-out', '--repeat']);
  const passOn = process.argv
    .slice(2)
    .filter(
      (arg, index, all) =>
        !own.has(arg) &&
        !own.has(all[index - 1] ?? '') &&
        !/^--(mode|json-out|repeat)=/.test(arg) &&
        arg !== '--notifications' &&
        arg !== '--script',
    );
  const child = fork(fileURLToPath(import.meta.url), [...passOn, '--mode', mode.name, '--json-out', out], {
    stdio: 'inherit',
  });
  const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
  if (code !== 0) {
    console.error(`mode ${mode.name} failed (exit ${code})`);
    return null;
  }
  return JSON.parse(await readFile(out, 'utf8')) as ModeResult;
}

/** Each mode's run with the median ingest rate (the lower middle one of an even count). */
function medianRuns(runs: readonly ModeResult[]): ModeResult[] {
  const names = [...new Set(runs.map((r) => r.mode))];
  return names.map((name) => {
    const own = runs.filter((r) => r.mode === name).sort((a, b) => a.ingest.rate - b.ingest.rate);
    return own[Math.floor((own.length - 1) / 2)]!;
  });
}

async function main(): Promise<void> {
  const modes = modesOf(args.mode ?? 'both');
  const repeat = Math.max(1, Number(args.repeat ?? 1));
  let results: ModeResult[];
  if (modes.length === 1 && repeat === 1) {
    results = [await runMode(modes[0]!)];
  } else {
    const runs: ModeResult[] = [];
    const dir = await mkdtemp(join(tmpdir(), 'bench-ingest-'));
    try {
      for (let round = 0; round < repeat; round++) {
        for (const mode of round % 2 === 0 ? modes : [...modes].reverse()) {
          const result = await runModeProcess(mode, dir);
          if (result) runs.push(result);
        }
      }
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
    if (repeat > 1) {
      console.log(`\n== Every run (${repeat} rounds)`);
      printTable(
        ['mode', 'ingest uplinks/s', 'p50 ms', 'other work (cores)'],
        runs.map((r) => [r.mode, fmt(r.ingest.rate), fmt(r.ingest.latency.p50), fmt(otherWork(r), 2)]),
      );
      console.log("   the tables below show each mode's median run");
    }
    results = medianRuns(runs);
  }
  // One mode (a child of a multi-mode run, or a run of its own) writes its result; several write the list.
  if (args['json-out']) await writeFile(args['json-out'], JSON.stringify(results.length === 1 ? results[0] : results));
  printSummary(results);
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);

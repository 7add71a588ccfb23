import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cp, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultFieldPreference } from '@sensorium/nodes/common';
import packageJson from '../package.json';
import type { DatabaseStatus } from '../cli/commands/db';
import { openDatabase, pgliteDirectory } from '../host/server/db/connection';
import { migrationSources } from '../host/server/db/migration-sources';
import { runMigrations } from '../host/server/db/migrate';
import { serverPlugins } from '../host/server/plugins';
import { databaseBackends, redRangeField, seedPgliteDataDir, type DatabaseBackend } from '../host/server/testing';
import { createScratchDatabase } from '../host/server/testing/scratch-database';
import { launchChromium } from './support/browser';
import { checkOutRelease, previousRelease } from './support/previous-release';
import { CheckoutServer, freePort } from './support/checkout-server';
import { signIn } from './support/sign-in';
import { lostRows, readTableRows, tableOwners, type TableRows } from './support/table-rows';

/**
 * An upgrade as an operator makes it: the previous release (its tag, else releases.json), checked out from git into a
 * scratch folder, starts on a fresh database, migrates it and seeds its demo; data is added through its API; it stops.
 * Then this checkout's server starts on the same database and folder. Checked: every migration is applied (`sensorium db
 * status`), the migrations keep every row of every plugin's tables (SQL, on a copy of the database migrated by this
 * code's migrations alone, so nothing else writes to it), the data reads back the same through the API, and the console
 * signs in and shows the application list and a node page.
 */
const ROOT = resolve(import.meta.dirname, '..');
const ADMIN_PASSWORD = 'upgrade-admin-password';
const PLANT = { id: 'upgrade_plant', name: 'Upgrade Plant' };
const OPERATOR = { username: 'upgrade_operator', password: 'Kept-across-1.8' };
// SENSORIUM_UPGRADE_FROM=<version> tests the upgrade from an older release instead.
const release = previousRelease(packageJson.version, process.env.SENSORIUM_UPGRADE_FROM || undefined);

type Api = (method: string, path: string, body?: unknown) => Promise<unknown>;
// Answers of every shape are read without casts, as the other e2e tests read theirs.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Answer = any;

/** The admin's API calls on a running server, each expected to succeed. */
async function adminApi(url: string): Promise<Api> {
  const call = async (method: string, path: string, body?: unknown, token?: string): Promise<Answer> => {
    const response = await fetch(`${url}${path}`, {
      method,
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(body ? { 'content-type': 'application/json' } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${text}`);
    return text ? (JSON.parse(text) as unknown) : null;
  };
  const { access_token: token } = await call('POST', '/api/auth/login', { username: 'admin', password: ADMIN_PASSWORD });
  return (method, path, body) => call(method, path, body, token);
}

/**
 * What an operator would have made in the previous release: an application with items, readings, an event, a user, and
 * a project from a template with its dashboard where the release has the project wizard (1.7.3 and later).
 */
async function addData(api: Api, withProject: boolean): Promise<void> {
  await api('POST', '/api/application/new/', {
    ...PLANT,
    description: 'Made by the previous release',
    endCustomerId: 'end_default',
  });
  await api('GET', `/api/node-structure-item/${PLANT.id}/tree`);
  const boilerTemperature = redRangeField('temperature', { name: 'Hot', from: 80, event: 'Boiler too hot' }, {}, { unit: '°C' });
  for (const [itemName, input] of [
    ['boiler-1', { temperature: boilerTemperature }],
    ['pump-1', { flow: defaultFieldPreference('flow') }],
  ] as const) {
    await api('POST', `/api/node-structure-item/${PLANT.id}/items`, {
      parentName: 'root',
      newItem: { itemType: 'item', itemName, dataSource: { type: 'api', deviceEUI: itemName }, input },
    });
  }
  // Answered after the commit: the readings, their history and the boiler's event are stored when these return.
  await api('POST', `/api/ingest/${PLANT.id}/boiler-1`, { temperature: 91.5 });
  await api('POST', `/api/ingest/${PLANT.id}/pump-1`, { flow: 12.25 });
  const group = (await api('POST', '/api/user-groups', {
    name: 'Upgrade operators',
    permissions: ['nodemanagement', 'event'],
  })) as Answer;
  await api('POST', '/api/users', {
    ...OPERATOR,
    name: 'Upgrade Operator',
    email: 'operator@upgrade.example',
    level: 'cloud',
    groupId: group.id,
  });
  if (!withProject) return;
  await api('POST', '/api/project', {
    startInfo: 'use-template',
    templateId: 'cold-chain-storage',
    projectName: 'Upgrade Cold Store',
    locationType: 'single',
    buildingName: 'Depot',
    address: '1 Quay Road',
    endCustomerId: 'end_default',
  });
}

/** The data as the API answers it, leaving out what the demo simulation keeps changing (values of simulated devices). */
async function apiView(api: Api, withProject: boolean) {
  const applications = ((await api('GET', '/api/application/')) as Answer).appList as Answer[];
  const project = applications.find((application) => application.name === 'Upgrade Cold Store');
  const tree = async (appId: string) =>
    (((await api('GET', `/api/node-structure-item/${appId}/tree`)) as Answer).items as Answer[]).map(
      (row) => `${row.parentName ?? ''}/${row.itemName} (${row.itemType})`,
    );
  const plantItems = ((await api('GET', `/api/node-structure-item/${PLANT.id}/tree`)) as Answer).items as Answer[];
  const items = [];
  for (const row of plantItems.filter((candidate) => candidate.itemType === 'item')) {
    const item = (await api('GET', `/api/node-structure-item/${PLANT.id}/items/${row.uuid}`)) as Answer;
    items.push({
      name: item.itemName,
      values: item.outputSimple,
      received: item.lastReceiveDate,
      fields: Object.keys(item.input),
    });
  }
  const events = ((await api('GET', `/api/system-events-api/${PLANT.id}/events`)) as Answer).rows as Answer[];
  return {
    applications: applications.map((application) => `${application.id}: ${application.name}`).sort(),
    users: (((await api('GET', '/api/users?limit=100')) as Answer).users as Answer[]).map((user) => user.username).sort(),
    plant: {
      tree: await tree(PLANT.id),
      items,
      events: events.map((event) => ({
        item: event.itemName,
        range: event.rangeName,
        value: event.value,
        status: event.eventStatus,
      })),
    },
    project: withProject
      ? {
          tree: await tree(project.id),
          dashboards: ((await api('GET', `/api/dashboards/${project.id}/list`)) as Answer[]).map((board) => board.name),
        }
      : null,
  };
}

/** Where a backend's database lives, and a copy of it for the migrations-only check. */
async function freshDatabase(backend: DatabaseBackend) {
  const dataDir = await mkdtemp(join(tmpdir(), 'sensorium-upgrade-'));
  const scratch = backend === 'postgres' ? await createScratchDatabase() : null;
  if (!scratch) await seedPgliteDataDir(dataDir);
  const where = { databaseUrl: scratch?.url ?? null, dataDir };
  return {
    where,
    /** A copy of the database as it is now (no server may be running on it). */
    async copy() {
      if (!scratch) {
        const copyDir = await mkdtemp(join(tmpdir(), 'sensorium-upgrade-copy-'));
        await cp(pgliteDirectory(dataDir), pgliteDirectory(copyDir), { recursive: true });
        return { where: { databaseUrl: null, dataDir: copyDir }, drop: () => rm(copyDir, { recursive: true, force: true }) };
      }
      const url = new URL(scratch.url);
      const name = `${url.pathname.slice(1)}_copy`;
      const admin = async (statement: string) => {
        const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
        await client.connect();
        await client.query(statement).finally(() => client.end());
      };
      await admin(`CREATE DATABASE ${name} TEMPLATE ${url.pathname.slice(1)}`);
      url.pathname = `/${name}`;
      return { where: { databaseUrl: url.href, dataDir }, drop: () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
    },
    async drop() {
      await scratch?.drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

async function readRows(where: { databaseUrl: string | null; dataDir: string }, migrateFirst: boolean, columnsOf?: TableRows) {
  const connection = await openDatabase(where, (error) => console.error(error));
  try {
    if (migrateFirst) await runMigrations(connection, migrationSources(serverPlugins));
    return await connection.transaction((execute) => readTableRows(execute, columnsOf));
  } finally {
    await connection.close();
  }
}

/** Rows per owning plugin, for the report and to prove the data set touched each plugin the test counts on. */
function rowsByPlugin(rows: TableRows): Map<string, number> {
  const owners = tableOwners(
    rows.keys(),
    serverPlugins.map((plugin) => plugin.manifest),
  );
  const counts = new Map<string, number>();
  for (const [table, { rows: tableRows }] of rows) {
    const owner = owners.get(table)!;
    counts.set(owner, (counts.get(owner) ?? 0) + tableRows.length);
  }
  return counts;
}

describe(`upgrade from release ${release.version} (${release.commit.slice(0, 7)}, from its ${release.from})`, () => {
  let checkout: ReturnType<typeof checkOutRelease>;
  let withProject = false;
  // Up to minutes when the release needs node_modules of its own and they are not cached yet (npm ci).
  beforeAll(() => {
    checkout = checkOutRelease(release);
    withProject = existsSync(join(checkout.folder, 'plugins', 'project-wizard', 'server'));
  }, 600_000);
  afterAll(() => checkout?.remove());

  it('is a release CHANGELOG.md describes, as every release of releases.json, under its version, date and commit', async () => {
    const changelog = await readFile(join(ROOT, 'CHANGELOG.md'), 'utf8');
    const listed = JSON.parse(await readFile(join(ROOT, 'releases.json'), 'utf8')) as {
      releases: { version: string; commit: string; date: string }[];
    };
    expect(listed.releases.map((entry) => entry.version)).toContain(release.version);
    for (const { version, commit, date } of listed.releases) {
      expect(changelog).toContain(`## [${version}] - ${date}\n\nCommit \`${commit.slice(0, 7)}\`.`);
    }
  });

  describe.each(databaseBackends())('on %s', (backend) => {
    let database: Awaited<ReturnType<typeof freshDatabase>>;
    const servers: CheckoutServer[] = [];
    afterAll(async () => {
      for (const server of servers) await server.stop();
      await database?.drop();
    });

    it('migrates, keeps every row and the API and console show the same data', { timeout: 300_000 }, async () => {
      database = await freshDatabase(backend);
      const [port, mqttPort] = [await freePort(), await freePort()];
      const url = `http://127.0.0.1:${port}`;
      // As `sensorium start` runs: demo seeded and simulated on the embedded broker (on a port of its own).
      const env = {
        PORT: String(port),
        HOST: '127.0.0.1',
        SENSORIUM_DATA_DIR: database.where.dataDir,
        DATABASE_URL: database.where.databaseUrl ?? '',
        SENSORIUM_ADMIN_PASSWORD: ADMIN_PASSWORD,
        SENSORIUM_SEED_DEMO: 'true',
        MQTT_URL: '',
        SENSORIUM_MQTT_PORT: String(mqttPort),
        LOG_LEVEL: 'warn',
      };

      const previous = new CheckoutServer(checkout.folder, env, url);
      servers.push(previous);
      await previous.start();
      const oldApi = await adminApi(url);
      await addData(oldApi, withProject);
      const before = await apiView(oldApi, withProject);
      expect(before.plant.events).toEqual([{ item: 'boiler-1', range: 'Hot', value: '91.50', status: 'created' }]);
      if (withProject) expect(before.project?.dashboards.length).toBeGreaterThan(0);
      expect(await previous.stop(), previous.log).toBe(0);

      // SQL: this code's migrations alone, on a copy, keep every row the previous release left.
      const rowsBefore = await readRows(database.where, false);
      const copy = await database.copy();
      const rowsAfter = await readRows(copy.where, true, rowsBefore).finally(() => copy.drop());
      expect(lostRows(rowsBefore, rowsAfter)).toEqual([]);
      const perPlugin = rowsByPlugin(rowsBefore);
      const touched = [
        'core',
        'applications',
        'nodes',
        'device-pipeline',
        'events',
        ...(withProject ? ['dashboards', 'project-wizard'] : []),
      ];
      for (const plugin of touched) {
        expect(perPlugin.get(plugin) ?? 0, `rows of ${plugin}`).toBeGreaterThan(0);
      }
      console.info(
        `upgrade ${release.version} -> ${packageJson.version} on ${backend}, rows kept per plugin:`,
        Object.fromEntries([...perPlugin].filter(([, count]) => count > 0)),
      );

      // The real upgrade: this checkout's server on the same database and data folder.
      const current = new CheckoutServer(ROOT, env, url);
      servers.push(current);
      await current.start();
      const { stdout } = await promisify(execFile)(
        process.execPath,
        ['--import', 'tsx', 'cli/bin.ts', 'db', 'status', '--json'],
        {
          cwd: ROOT,
          env: { ...process.env, ...env },
        },
      );
      const status = JSON.parse(stdout) as DatabaseStatus;
      expect(status.migrations.filter((row) => row.state === 'pending')).toEqual([]);
      expect(status.summary.applied).toBe(migrationSources(serverPlugins).flatMap((source) => source.migrations).length);

      const after = await apiView(await adminApi(url), withProject);
      // New demo seeders of this version may add applications or users; none of the earlier ones may go.
      expect(after.applications).toEqual(expect.arrayContaining(before.applications));
      expect(after.users).toEqual(expect.arrayContaining(before.users));
      expect(after.plant).toEqual(before.plant);
      expect(after.project).toEqual(before.project);

      const browser = await launchChromium();
      try {
        const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
        await signIn(page, url, OPERATOR.username, OPERATOR.password);
        await expect.poll(() => page.getByText(PLANT.name, { exact: true }).count()).toBeGreaterThan(0);
        await page.goto(new URL(`/app/${PLANT.id}/node-management`, url).href);
        await page.getByText('boiler-1', { exact: true }).first().waitFor();
        await page.getByText('pump-1', { exact: true }).first().waitFor();
      } finally {
        await browser.close();
      }
      expect(await current.stop(), current.log).toBe(0);
    });
  });
});

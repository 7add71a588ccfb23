import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { checkManifests } from './checks/manifests';
import { readPluginFolders } from './checks/plugin-folders';
import { checkRegistration } from './checks/registration';
import { checkTables } from './checks/tables';
import { generatePlugin } from './scaffold/new-plugin';

let root: string;

const writeManifest = (folder: string, manifest: Record<string, unknown>) => {
  mkdirSync(join(root, 'plugins', folder), { recursive: true });
  writeFileSync(join(root, 'plugins', folder, 'manifest.ts'), `export const manifest = ${JSON.stringify(manifest)};\n`);
};

beforeEach(async () => {
  root = mkdtempSync(join(tmpdir(), 'sensorium-check-'));
  for (const side of ['server', 'client']) {
    mkdirSync(join(root, 'host', side), { recursive: true });
    writeFileSync(join(root, 'host', side, 'plugins.ts'), 'export const plugins = [\n  // sensorium:plugins\n];\n');
  }
  await generatePlugin({ root, id: 'soil-sensors', server: true });
});

afterEach(() => rmSync(root, { recursive: true, force: true }));

describe('sensorium check', () => {
  it('accepts a freshly generated plugin', async () => {
    const { plugins, problems } = await readPluginFolders(root);
    expect(problems).toEqual([]);
    expect(plugins.map((plugin) => [plugin.manifest.id, plugin.hasClient, plugin.hasServer])).toEqual([
      ['soil-sensors', true, true],
    ]);
    expect(checkManifests(plugins)).toEqual({ order: ['soil-sensors'], problems: [] });
    expect(checkRegistration(root, plugins)).toEqual([]);
  });

  it('orders plugins after their dependencies', async () => {
    writeManifest('alarms', { id: 'alarms', version: '1.0.0', dependsOn: ['soil-sensors'] });
    const { plugins } = await readPluginFolders(root);
    expect(checkManifests(plugins).order).toEqual(['soil-sensors', 'alarms']);
  });

  it('names a plugin whose dependency is not installed', async () => {
    writeManifest('alarms', { id: 'alarms', version: '1.0.0', dependsOn: ['events'] });
    const { plugins } = await readPluginFolders(root);
    expect(checkManifests(plugins).problems).toEqual([
      'Plugin "alarms" depends on "events", which is not installed or not enabled',
    ]);
  });

  it('names a manifest whose id differs from its folder', async () => {
    writeManifest('alarms', { id: 'alarm', version: '1.0.0' });
    const { problems } = await readPluginFolders(root);
    expect(problems).toEqual(['plugins/alarms/manifest.ts: id "alarm" differs from its folder name "alarms"']);
  });

  it('names a plugin part the host does not list', async () => {
    const list = join(root, 'host/server/plugins.ts');
    writeFileSync(list, readFileSync(list, 'utf8').replace(/.*soil-sensors.*\n/g, ''));
    const { plugins } = await readPluginFolders(root);
    expect(checkRegistration(root, plugins)).toEqual([
      'plugins/soil-sensors/server is not listed in host/server/plugins.ts, so the host never loads it',
    ]);
  });

  describe('table ownership', () => {
    const writeServerFile = (folder: string, name: string, text: string) => {
      mkdirSync(join(root, 'plugins', folder, 'server'), { recursive: true });
      writeFileSync(join(root, 'plugins', folder, 'server', name), text);
    };
    const coreMigrations = "export const coreMigrations = [{ id: '001', sql: 'CREATE TABLE users (id uuid)' }];\n";

    beforeEach(() => {
      mkdirSync(join(root, 'host', 'server', 'db'), { recursive: true });
      writeFileSync(join(root, 'host', 'server', 'db', 'core-migrations.ts'), coreMigrations);
    });

    it('accepts a generated plugin, whose tables carry its id', async () => {
      const { plugins } = await readPluginFolders(root);
      expect(checkTables(root, plugins)).toEqual([]);
    });

    it("names a plugin that declares or queries core's tables", async () => {
      writeServerFile(
        'soil-sensors',
        'people.ts',
        "const people = pgTable('users', {});\nconst sql = `UPDATE users SET name = $1`;\n",
      );
      writeServerFile('soil-sensors', 'people.test.ts', "const rows = 'SELECT * FROM users';\n");
      const { plugins } = await readPluginFolders(root);
      expect(checkTables(root, plugins)).toEqual([
        'plugins/soil-sensors/server/people.ts:1: plugin "soil-sensors" uses table "users" of core; go through its owner\'s service',
        'plugins/soil-sensors/server/people.ts:2: plugin "soil-sensors" uses table "users" of core; go through its owner\'s service',
      ]);
    });

    it('asks for the prefix or a manifest entry for a new table, and names a table claimed twice', async () => {
      writeManifest('alarms', { id: 'alarms', version: '1.0.0', tables: ['readings'] });
      writeServerFile('alarms', 'migrations.ts', "const sql = 'CREATE TABLE alerts (id int); CREATE TABLE readings (id int)';\n");
      writeServerFile('soil-sensors', 'extra.ts', "const sql = 'CREATE TABLE IF NOT EXISTS readings (id int)';\n");
      const { plugins } = await readPluginFolders(root);
      expect(checkTables(root, plugins)).toEqual([
        'Plugin "alarms" creates table "alerts": prefix it with "alarms_" or list it in the manifest\'s tables',
        'Table "readings" is claimed by both "alarms" and "soil-sensors"; a table has one owner',
        'plugins/soil-sensors/server/extra.ts:1: plugin "soil-sensors" uses table "readings" of plugin "alarms"; go through its owner\'s service',
      ]);
    });

    it('lets a plugin point a foreign key at a table of a plugin it depends on, and nothing more', async () => {
      writeManifest('alarms', { id: 'alarms', version: '1.0.0', dependsOn: ['soil-sensors'] });
      writeServerFile(
        'alarms',
        'migrations.ts',
        "const sql = 'CREATE TABLE alarms_raised (sensor uuid REFERENCES soil_sensors_items (id))';\nconst read = 'SELECT * FROM soil_sensors_items';\n",
      );
      const { plugins } = await readPluginFolders(root);
      expect(checkTables(root, plugins)).toEqual([
        'plugins/alarms/server/migrations.ts:2: plugin "alarms" uses table "soil_sensors_items" of plugin "soil-sensors"; go through its owner\'s service',
      ]);
    });
  });
});

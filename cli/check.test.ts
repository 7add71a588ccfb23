import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { checkManifests } from './checks/manifests';
import { readPluginFolders } from './checks/plugin-folders';
import { checkRegistration } from './checks/registration';
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
});

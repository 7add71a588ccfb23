import { execFile } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { check, resolveConfig } from 'prettier';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { REPO_ROOT } from './repo';
import { CLIENT_LIST, SERVER_LIST, scaffoldFixture } from './scaffold-fixture';
import { generatePlugin } from './scaffold/new-plugin';

const run = promisify(execFile);

let fixture: ReturnType<typeof scaffoldFixture>;
let root: string;
const read = (path: string) => fixture.read(path);

beforeEach(() => {
  fixture = scaffoldFixture('applications');
  root = fixture.root;
});

afterEach(() => fixture.remove());

describe('sensorium new plugin', () => {
  it('generates a plugin with its tests, named after the id', async () => {
    const result = await generatePlugin({ root, id: 'soil-sensors', server: true });

    expect(result.files.sort()).toEqual(
      [
        'plugins/soil-sensors/README.md',
        'plugins/soil-sensors/manifest.ts',
        'plugins/soil-sensors/common/index.ts',
        'plugins/soil-sensors/client/index.ts',
        'plugins/soil-sensors/client/store.ts',
        'plugins/soil-sensors/client/store.test.ts',
        'plugins/soil-sensors/client/SoilSensorsPage.tsx',
        'plugins/soil-sensors/client/i18n/en.json',
        'plugins/soil-sensors/client/i18n/hk.json',
        'plugins/soil-sensors/client/i18n/cn.json',
        'plugins/soil-sensors/server/index.ts',
        'plugins/soil-sensors/server/migrations.ts',
        'plugins/soil-sensors/server/routes.ts',
        'plugins/soil-sensors/server/routes.test.ts',
        'plugins/soil-sensors/server/schema.ts',
        'tests/soil-sensors.e2e.ts',
      ].sort(),
    );
    for (const file of result.files) expect(read(file), file).not.toMatch(/\{\{|__\w+__/);
    expect(read('plugins/soil-sensors/manifest.ts')).toContain("id: 'soil-sensors'");
    expect(read('plugins/soil-sensors/manifest.ts')).not.toContain('licence');
    expect(read('plugins/soil-sensors/common/index.ts')).toContain('export class NewSoilSensorsItem');
    expect(read('plugins/soil-sensors/server/migrations.ts')).toContain('CREATE TABLE soil_sensors_items');
    expect(read('plugins/soil-sensors/server/routes.ts')).toContain("url: '/soil-sensors/items'");
    expect(JSON.parse(read('plugins/soil-sensors/client/i18n/en.json'))['soil-sensors'].title).toBe('Soil Sensors');
  });

  it('registers the plugin in the server and the client lists', async () => {
    await generatePlugin({ root, id: 'soil-sensors', server: true });

    const server = read(SERVER_LIST);
    expect(server).toContain("import soilSensorsServer from '../../plugins/soil-sensors/server';");
    expect(server).toMatch(/ {2}soilSensorsServer,\n\s*\/\/ sensorium:plugins/);
    const client = read(CLIENT_LIST);
    expect(client).toContain("import soilSensorsClient from '../../plugins/soil-sensors/client';");
    expect(client).toMatch(/ {2}soilSensorsClient,\n\s*\/\/ sensorium:plugins/);
    // Imports stay above the code: nothing but imports precedes the new one.
    const beforeImport = client.slice(0, client.indexOf('import soilSensorsClient'));
    expect(beforeImport.split('\n').filter((line) => line.trim() && !/^(import|\s|\}|\/\/)/.test(line))).toEqual([]);
  });

  it('writes the licence key into the manifest', async () => {
    await generatePlugin({ root, id: 'soil-sensors', licence: 'iot', server: true });
    expect(read('plugins/soil-sensors/manifest.ts')).toContain("licence: 'iot',");
  });

  it('leaves out the server part with --no-server', async () => {
    const before = read(SERVER_LIST);
    const result = await generatePlugin({ root, id: 'soil-sensors', server: false });

    expect(result.files.filter((file) => file.includes('/server/'))).toEqual([]);
    expect(result.registeredIn).toEqual([CLIENT_LIST]);
    expect(read(SERVER_LIST)).toBe(before);
    expect(read('plugins/soil-sensors/client/store.ts')).not.toContain('http');
  });

  it('generates files that already pass prettier', async () => {
    const result = await generatePlugin({ root, id: 'a-rather-long-plugin-name-for-wrapping', server: true });
    for (const file of [...result.files, SERVER_LIST, CLIENT_LIST]) {
      const path = join(root, file);
      const options = { ...(await resolveConfig(path)), filepath: path };
      expect(await check(readFileSync(path, 'utf8'), options), file).toBe(true);
    }
  });

  it.each([
    ['Soil_Sensors', 'is not a valid plugin id'],
    ['1-wire', 'is not a valid plugin id'],
    ['soil--sensors', 'is not a valid plugin id'],
    ['api', 'is reserved'],
    ['applications', 'already exists'],
  ])('refuses the id "%s" and writes nothing', async (id, message) => {
    const lists = [read(SERVER_LIST), read(CLIENT_LIST)];
    await expect(generatePlugin({ root, id, server: true })).rejects.toThrow(message);
    expect([read(SERVER_LIST), read(CLIENT_LIST)]).toEqual(lists);
    expect(existsSync(join(root, 'tests'))).toBe(false);
  });

  it('refuses a list without its marker before writing any file', async () => {
    writeFileSync(join(root, SERVER_LIST), 'export const serverPlugins = [];\n');
    await expect(generatePlugin({ root, id: 'soil-sensors', server: true })).rejects.toThrow('sensorium:plugins');
    expect(existsSync(join(root, 'plugins/soil-sensors'))).toBe(false);
  });

  it('explains a bad id on the command line and exits with 1', async () => {
    const cli = run('npx', ['tsx', resolve(REPO_ROOT, 'cli/bin.ts'), 'new', 'plugin', 'Bad Id', '--root', root]);
    const failure = await cli.then(
      () => null,
      (error: { code: number; stderr: string }) => error,
    );
    expect(failure?.code).toBe(1);
    expect(failure?.stderr).toContain('"Bad Id" is not a valid plugin id');
  });
});

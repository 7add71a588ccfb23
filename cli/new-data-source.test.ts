import { execFile } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { check, resolveConfig } from 'prettier';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { REPO_ROOT } from './repo';
import { CLIENT_LIST, SERVER_LIST, scaffoldFixture } from './scaffold-fixture';
import { generateDataSource } from './scaffold/new-data-source';

const run = promisify(execFile);

let fixture: ReturnType<typeof scaffoldFixture>;
let root: string;
const read = (path: string) => fixture.read(path);

beforeEach(() => {
  fixture = scaffoldFixture('chirpstack');
  root = fixture.root;
});

afterEach(() => fixture.remove());

describe('sensorium new data-source', () => {
  it('generates the adapter, the form section and their tests, named after the type', async () => {
    const result = await generateDataSource({ root, type: 'lora-gateway' });

    expect(result.files.sort()).toEqual(
      [
        'plugins/lora-gateway/README.md',
        'plugins/lora-gateway/manifest.ts',
        'plugins/lora-gateway/common/index.ts',
        'plugins/lora-gateway/server/index.ts',
        'plugins/lora-gateway/server/adapter.ts',
        'plugins/lora-gateway/server/adapter.test.ts',
        'plugins/lora-gateway/server/uplink.ts',
        'plugins/lora-gateway/server/uplink.test.ts',
        'plugins/lora-gateway/server/simulator-encoding.ts',
        'plugins/lora-gateway/server/simulator-encoding.test.ts',
        'plugins/lora-gateway/client/index.ts',
        'plugins/lora-gateway/client/LoraGatewayForm.tsx',
        'plugins/lora-gateway/client/LoraGatewayForm.test.tsx',
        'plugins/lora-gateway/client/LoraGatewayDeviceTab.tsx',
        'plugins/lora-gateway/client/LoraGatewayDeviceTab.test.tsx',
        'plugins/lora-gateway/client/i18n/en.json',
        'plugins/lora-gateway/client/i18n/hk.json',
        'plugins/lora-gateway/client/i18n/cn.json',
      ].sort(),
    );
    expect(result.names).toMatchObject({ id: 'lora-gateway', Name: 'LoraGateway', camelName: 'loraGateway' });
    for (const file of result.files) expect(read(file), file).not.toMatch(/\{\{\w+\}\}|\{\{[#^/]|__\w+__/);

    const manifest = read('plugins/lora-gateway/manifest.ts');
    expect(manifest).toContain("id: 'lora-gateway'");
    expect(manifest).toContain("dependsOn: ['nodes']");
    expect(manifest).not.toContain('licence');
    expect(read('plugins/lora-gateway/common/index.ts')).toContain("export const loraGatewayType = 'lora-gateway';");
    expect(read('plugins/lora-gateway/server/index.ts')).toContain(
      'context.contribute(dataSourceAdapters, new LoraGatewayAdapter(mqtt));',
    );
    expect(read('plugins/lora-gateway/server/adapter.ts')).toContain(
      'export class LoraGatewayAdapter implements DataSourceAdapter',
    );
    const uplink = read('plugins/lora-gateway/server/uplink.ts');
    expect(uplink).toContain("export const UPLINK_FILTER = 'lora-gateway/+/up';");
    expect(uplink).toContain('return { topic: `lora-gateway/${deviceId}/down`, payload: JSON.stringify(body) };');
    expect(uplink).toContain('dedupKey: `${deviceId}:${counter}:${receivedAt.toISOString()}`');
    const client = read('plugins/lora-gateway/client/index.ts');
    expect(client).toContain('context.contribute(dataSourceForms, {');
    expect(client).toContain("component: lazyComponent(() => import('./LoraGatewayForm'), 'LoraGatewayForm'),");
    const test = read('plugins/lora-gateway/server/adapter.test.ts');
    expect(test).toContain(
      'startTestServer({ backend, mqtt: true, plugins: [applications, nodes, devicePipeline, rawData, plugin] })',
    );
    expect(test).not.toContain('licence');
  });

  it('writes the texts in English, Traditional and Simplified Chinese, with the same keys', async () => {
    await generateDataSource({ root, type: 'lora-gateway' });
    const texts = ['en', 'hk', 'cn'].map(
      (language) =>
        JSON.parse(read(`plugins/lora-gateway/client/i18n/${language}.json`))['lora-gateway'] as Record<string, string>,
    );
    expect(texts.map((text) => text.title)).toEqual(['Lora Gateway', 'Lora Gateway', 'Lora Gateway']);
    expect(texts[0]!.deviceId).toBe('Device ID');
    expect(texts[1]!.deviceId).toBe('裝置 ID');
    expect(texts[2]!.deviceId).toBe('设备 ID');
    for (const text of texts) expect(Object.keys(text).sort()).toEqual(Object.keys(texts[0]!).sort());
    // The device id rule answers with keys of these texts.
    for (const key of ['deviceIdRequired', 'deviceIdInvalid']) {
      expect(read('plugins/lora-gateway/common/index.ts')).toContain(`'lora-gateway.${key}'`);
      expect(texts[0]![key]).toBeTruthy();
    }
  });

  it('registers the plugin in the server and the client lists', async () => {
    const result = await generateDataSource({ root, type: 'lora-gateway' });

    expect(result.registeredIn).toEqual([CLIENT_LIST, SERVER_LIST]);
    const server = read(SERVER_LIST);
    expect(server).toContain("import loraGatewayServer from '../../plugins/lora-gateway/server';");
    expect(server).toMatch(/ {2}loraGatewayServer,\n\s*\/\/ sensorium:plugins/);
    const client = read(CLIENT_LIST);
    expect(client).toContain("import loraGatewayClient from '../../plugins/lora-gateway/client';");
    expect(client).toMatch(/ {2}loraGatewayClient,\n\s*\/\/ sensorium:plugins/);
  });

  it('writes the licence key into the manifest and a licence test', async () => {
    await generateDataSource({ root, type: 'lora-gateway', licence: 'iot' });
    expect(read('plugins/lora-gateway/manifest.ts')).toContain("licence: 'iot',");
    expect(read('plugins/lora-gateway/server/adapter.test.ts')).toContain(
      "it('runs no Lora Gateway adapter while the iot licence is off'",
    );
    expect(read('plugins/lora-gateway/README.md')).toContain('Licence: `iot`');
  });

  it('generates files that already pass prettier', async () => {
    const result = await generateDataSource({ root, type: 'a-rather-long-data-source-type-for-wrapping', licence: 'iot' });
    for (const file of [...result.files, SERVER_LIST, CLIENT_LIST]) {
      const path = join(root, file);
      const options = { ...(await resolveConfig(path)), filepath: path };
      expect(await check(readFileSync(path, 'utf8'), options), file).toBe(true);
    }
  });

  it.each([
    ['LoRa', 'is not a valid data-source type'],
    ['lora_gateway', 'is not a valid data-source type'],
    ['1wire', 'is not a valid data-source type'],
    ['lora/gateway', 'is not a valid data-source type'],
    ['lora-', 'is not a valid data-source type'],
    ['api', 'is reserved'],
    ['chirpstack', 'A plugin "chirpstack" already exists in plugins/chirpstack; choose another type'],
  ])('refuses the type "%s" and writes nothing', async (type, message) => {
    const lists = [read(SERVER_LIST), read(CLIENT_LIST)];
    await expect(generateDataSource({ root, type })).rejects.toThrow(message);
    expect([read(SERVER_LIST), read(CLIENT_LIST)]).toEqual(lists);
    expect(readdirSync(join(root, 'plugins'))).toEqual(['chirpstack']);
    expect(readdirSync(join(root, 'plugins/chirpstack'))).toEqual([]);
  });

  it('refuses a bad licence key and a list without its marker before writing any file', async () => {
    await expect(generateDataSource({ root, type: 'lora-gateway', licence: 'Not A Key' })).rejects.toThrow(
      'is not a valid licence key',
    );
    writeFileSync(join(root, CLIENT_LIST), 'export const clientPlugins = [];\n');
    const server = read(SERVER_LIST);
    await expect(generateDataSource({ root, type: 'lora-gateway' })).rejects.toThrow('sensorium:plugins');
    expect(existsSync(join(root, 'plugins/lora-gateway'))).toBe(false);
    expect(read(SERVER_LIST)).toBe(server);
  });

  it('generates on the command line, and explains a bad type there with exit code 1', { timeout: 90_000 }, async () => {
    const cli = resolve(REPO_ROOT, 'cli/bin.ts');
    const { stdout } = await run('npx', ['tsx', cli, 'new', 'data-source', 'lora-gateway', '--root', root]);
    expect(stdout).toContain('Created data source "lora-gateway"');
    expect(stdout).toContain('Registered in host/client/plugins.ts and host/server/plugins.ts.');
    expect(existsSync(join(root, 'plugins/lora-gateway/server/adapter.ts'))).toBe(true);

    const failure = await run('npx', ['tsx', cli, 'new', 'data-source', 'Bad Type', '--root', root]).then(
      () => null,
      (error: { code: number; stderr: string }) => error,
    );
    expect(failure?.code).toBe(1);
    expect(failure?.stderr).toContain('"Bad Type" is not a valid data-source type');
  });
});

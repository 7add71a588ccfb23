import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyRepository } from './support/repo-copy';

const run = promisify(execFile);
const PLUGIN = 'soil-probe';
const DATA_SOURCE = 'soil-gateway';
const HOST_LISTS = ['host/server/plugins.ts', 'host/client/plugins.ts'];

/** Runs a command of the copy's toolchain; a non-zero exit fails the test with the command's output. */
async function inCopy(root: string, command: string, args: string[]): Promise<string> {
  try {
    const { stdout, stderr } = await run(join(root, 'node_modules/.bin', command), args, {
      cwd: root,
      env: { ...process.env, CI: 'true', NO_COLOR: '1' },
      maxBuffer: 64 * 1024 * 1024,
    });
    return stdout + stderr;
  } catch (error) {
    const failure = error as { stdout?: string; stderr?: string };
    throw new Error(`${command} ${args.join(' ')} failed:\n${failure.stdout ?? ''}\n${failure.stderr ?? ''}`);
  }
}

// The CLI round trips of the plugin authoring guide (docs/plugins.md): a licensed plugin and a licensed data source are
// generated into one copy of this repository; the copy passes `sensorium check`, type-checks, lints, is formatted and
// builds the console with both, and each one's generated tests pass at once. One copy for both, because the type check
// and the client build of the whole repository are most of the time, and they prove the same for each.
describe('sensorium new plugin and sensorium new data-source', () => {
  let copy: ReturnType<typeof copyRepository>;
  const generated: Record<string, string> = {};

  beforeAll(async () => {
    copy = copyRepository();
    generated.plugin = await inCopy(copy.root, 'tsx', ['cli/bin.ts', 'new', 'plugin', PLUGIN, '--licence', PLUGIN]);
    generated.dataSource = await inCopy(copy.root, 'tsx', [
      'cli/bin.ts',
      'new',
      'data-source',
      DATA_SOURCE,
      '--licence',
      DATA_SOURCE,
    ]);
    generated.check = await inCopy(copy.root, 'tsx', ['cli/bin.ts', 'check']);
    const changed = [`plugins/${PLUGIN}`, `tests/${PLUGIN}.e2e.ts`, `plugins/${DATA_SOURCE}`, ...HOST_LISTS];
    await inCopy(copy.root, 'tsc', ['-p', 'tsconfig.json']);
    await inCopy(copy.root, 'eslint', changed);
    await inCopy(copy.root, 'prettier', ['--check', ...changed]);
    await inCopy(copy.root, 'vite', ['build', '--logLevel', 'warn']);
  }, 900_000);
  afterAll(() => copy?.remove());

  it('generates a plugin that registers, builds and passes its own tests', { timeout: 600_000 }, async () => {
    expect(generated.plugin).toContain(PLUGIN);
    expect(existsSync(join(copy.root, 'plugins', PLUGIN, 'manifest.ts'))).toBe(true);
    expect(generated.check).toContain('OK:');
    const tests = await inCopy(copy.root, 'vitest', ['run', '--reporter=verbose', `plugins/${PLUGIN}`, `tests/${PLUGIN}.e2e.ts`]);
    expect(tests).toMatch(/Tests\s+\d+ passed/);
    expect(tests).not.toMatch(/\d+ (failed|skipped)/);
    expect(tests).toContain(`shows neither the page nor the API while the ${PLUGIN} licence is off`);
  });

  it(
    'generates a data source whose mapping, form, item tab and simulator pass their own tests',
    { timeout: 600_000 },
    async () => {
      expect(generated.dataSource).toContain(`Created data source "${DATA_SOURCE}"`);
      expect(existsSync(join(copy.root, 'plugins', DATA_SOURCE, 'server/adapter.ts'))).toBe(true);
      // The plugin's tests, and the check that every text exists in en, hk and cn (it reads every plugin folder).
      const tests = await inCopy(copy.root, 'vitest', [
        'run',
        '--project',
        'unit',
        '--reporter=verbose',
        `plugins/${DATA_SOURCE}`,
        'host/client/i18n/i18n-completeness.test.ts',
      ]);
      expect(tests).toMatch(/Tests\s+\d+ passed/);
      expect(tests).not.toMatch(/\d+ (failed|skipped)/);
      expect(tests).toContain('shows the values of a device uplink on its item, and stores a redelivered uplink once');
      expect(tests).toContain(`sends an item command to the device on ${DATA_SOURCE}/<device id>/down`);
      expect(tests).toContain(`runs no Soil Gateway adapter while the ${DATA_SOURCE} licence is off`);
      expect(tests).toContain(`plugins/${DATA_SOURCE}/client/i18n: every key exists in en, hk and cn`);
      expect(tests).toContain(`plugins/${PLUGIN}/client/i18n: every key exists in en, hk and cn`);
      // An item tab and a simulator encoding come from the new plugin alone: nodes and the host are not touched.
      expect(tests).toContain('is added to the item panel for Soil Gateway items only, without any change to the nodes plugin');
      expect(tests).toContain('publishes what the adapter reads back as the same device, time and values');
    },
  );
});

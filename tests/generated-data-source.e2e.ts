import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyRepository } from './support/repo-copy';

const run = promisify(execFile);
const TYPE = 'soil-gateway';
const HOST_LISTS = ['host/server/plugins.ts', 'host/client/plugins.ts'];

/** Runs a command of the copy's toolchain; a non-zero exit fails the test with the command's output. */
async function inCopy(root: string, command: string, args: string[], env: Record<string, string> = {}): Promise<string> {
  try {
    const { stdout, stderr } = await run(join(root, 'node_modules/.bin', command), args, {
      cwd: root,
      env: { ...process.env, CI: 'true', NO_COLOR: '1', ...env },
      maxBuffer: 64 * 1024 * 1024,
    });
    return stdout + stderr;
  } catch (error) {
    const failure = error as { stdout?: string; stderr?: string };
    throw new Error(`${command} ${args.join(' ')} failed:\n${failure.stdout ?? ''}\n${failure.stderr ?? ''}`);
  }
}

// The data-source walkthrough of docs/plugins.md: generate a licensed data source into a copy of this repository; the copy
// passes `sensorium check`, type-checks, lints, is formatted, builds the console, and the generated tests pass: the uplink
// mapping, the add-item form section, its item tab, its simulator encoding, and a device publishing through the embedded
// MQTT broker into a real item.
describe('sensorium new data-source', () => {
  let copy: ReturnType<typeof copyRepository>;

  beforeAll(() => {
    copy = copyRepository();
  });
  afterAll(() => copy?.remove());

  it('generates a data source whose own tests pass at once', { timeout: 600_000 }, async () => {
    const output = await inCopy(copy.root, 'tsx', ['cli/bin.ts', 'new', 'data-source', TYPE, '--licence', TYPE]);
    expect(output).toContain(`Created data source "${TYPE}"`);
    expect(existsSync(join(copy.root, 'plugins', TYPE, 'server/adapter.ts'))).toBe(true);

    expect(await inCopy(copy.root, 'tsx', ['cli/bin.ts', 'check'])).toContain('OK:');
    await inCopy(copy.root, 'tsc', ['-p', 'tsconfig.json']);
    await inCopy(copy.root, 'eslint', [`plugins/${TYPE}`, ...HOST_LISTS]);
    await inCopy(copy.root, 'prettier', ['--check', `plugins/${TYPE}`, ...HOST_LISTS]);
    await inCopy(copy.root, 'vite', ['build', '--logLevel', 'warn']);
    // The plugin's tests, and the check that every text exists in en, hk and cn (it reads every plugin folder).
    const tests = await inCopy(copy.root, 'vitest', [
      'run',
      '--project',
      'unit',
      '--reporter=verbose',
      `plugins/${TYPE}`,
      'host/client/i18n/i18n-completeness.test.ts',
    ]);
    expect(tests).toMatch(/Tests\s+\d+ passed/);
    expect(tests).not.toMatch(/\d+ (failed|skipped)/);
    expect(tests).toContain('shows the values of a device uplink on its item, and stores a redelivered uplink once');
    expect(tests).toContain(`sends an item command to the device on ${TYPE}/<device id>/down`);
    expect(tests).toContain(`runs no Soil Gateway adapter while the ${TYPE} licence is off`);
    expect(tests).toContain(`plugins/${TYPE}/client/i18n: every key exists in en, hk and cn`);
    // An item tab and a simulator encoding come from the new plugin alone: nodes and the host are not touched.
    expect(tests).toContain('is added to the item panel for Soil Gateway items only, without any change to the nodes plugin');
    expect(tests).toContain('publishes what the adapter reads back as the same device, time and values');
  });
});

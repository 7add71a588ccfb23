import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyRepository } from './support/repo-copy';

const run = promisify(execFile);
const PLUGIN = 'soil-probe';

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

// The CLI round trip of the plugin authoring guide: generate a licensed plugin into a copy of this repository,
// then the copy builds, type-checks, lints and passes the generated unit, API and browser tests (licence on and off).
describe('sensorium new plugin', () => {
  let copy: ReturnType<typeof copyRepository>;

  beforeAll(() => {
    copy = copyRepository();
  });
  afterAll(() => copy?.remove());

  it('generates a plugin whose own tests pass at once', { timeout: 600_000 }, async () => {
    const output = await inCopy(copy.root, 'tsx', ['cli/bin.ts', 'new', 'plugin', PLUGIN, '--licence', PLUGIN]);
    expect(output).toContain(PLUGIN);
    expect(existsSync(join(copy.root, 'plugins', PLUGIN, 'manifest.ts'))).toBe(true);

    await inCopy(copy.root, 'tsx', ['cli/bin.ts', 'check']);
    await inCopy(copy.root, 'tsc', ['-p', 'tsconfig.json']);
    await inCopy(copy.root, 'eslint', [`plugins/${PLUGIN}`, `tests/${PLUGIN}.e2e.ts`, 'host']);
    await inCopy(copy.root, 'prettier', ['--check', `plugins/${PLUGIN}`, `tests/${PLUGIN}.e2e.ts`, 'host']);
    await inCopy(copy.root, 'vite', ['build', '--logLevel', 'warn']);
    const tests = await inCopy(copy.root, 'vitest', ['run', '--reporter=verbose', `plugins/${PLUGIN}`, `tests/${PLUGIN}.e2e.ts`]);
    expect(tests).toMatch(/Tests\s+\d+ passed/);
    expect(tests).toContain('shows neither the page nor the API while the soil-probe licence is off');
  });
});

import { mkdir, mkdtemp, readdir, readFile, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildState, ensureClientBuild, type ClientBuildOptions } from './client-build';

/** A repository with one client source and one plugin, and a build that writes index.html saying which build it is. */
let root = '';
let outDir = '';
let builds = 0;
let said: string[] = [];

const fakeBuild = async (into: string) => {
  builds++;
  // Long enough for a second console to arrive while this one builds.
  await new Promise((resolve) => setTimeout(resolve, 150));
  await mkdir(join(into, 'assets'), { recursive: true });
  await writeFile(join(into, 'index.html'), `build ${builds}`);
};

const options = (overrides: Partial<ClientBuildOptions> = {}): ClientBuildOptions => ({
  root,
  outDir,
  mode: 'auto',
  build: fakeBuild,
  say: (line) => said.push(line),
  ...overrides,
});

/** Sets a file's time `secondsAgo` in the past (0: now), so tests need not wait for the clock. */
const touch = async (path: string, secondsAgo = 0) => {
  const at = new Date(Date.now() - secondsAgo * 1000);
  await utimes(path, at, at);
};

beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'sensorium-client-build-'));
  outDir = join(root, 'dist', 'client');
  builds = 0;
  said = [];
  await mkdir(join(root, 'host/client'), { recursive: true });
  await mkdir(join(root, 'plugins/lift/client'), { recursive: true });
  await writeFile(join(root, 'host/client/main.tsx'), 'export {};');
  await writeFile(join(root, 'plugins/lift/client/index.ts'), 'export {};');
  await writeFile(join(root, 'plugins/lift/client/index.test.ts'), 'export {};');
  await writeFile(join(root, 'package-lock.json'), '{}');
  // Every source an hour old, so a build made now is newer than all of them.
  for (const path of [
    'host/client/main.tsx',
    'host/client',
    'plugins/lift/client/index.ts',
    'plugins/lift/client/index.test.ts',
  ]) {
    await touch(join(root, path), 3600);
  }
  for (const path of ['plugins/lift/client', 'plugins/lift', 'plugins', 'host', 'package-lock.json'])
    await touch(join(root, path), 3600);
});

afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

describe('the client build check of sensorium start', () => {
  it('builds a missing build, then starts without building while the sources are unchanged', async () => {
    await ensureClientBuild(options());
    expect(builds).toBe(1);
    expect(await readFile(join(outDir, 'index.html'), 'utf8')).toBe('build 1');
    expect(said).toContain('client build: dist/client is missing, building the console…');

    said = [];
    await ensureClientBuild(options());
    expect(builds).toBe(1);
    expect(said).toEqual(['client build: dist/client is up to date']);
  });

  it('builds again when a plugin client source changed, but not for a test file', async () => {
    await ensureClientBuild(options());
    await writeFile(join(root, 'plugins/lift/client/index.test.ts'), 'export const changed = 1;');
    await touch(join(root, 'plugins/lift/client'), 3600);
    expect(await buildState(root, outDir)).toEqual({ kind: 'fresh' });

    await writeFile(join(root, 'plugins/lift/client/index.ts'), 'export const changed = 1;');
    expect(await buildState(root, outDir)).toEqual({ kind: 'stale', changed: 'plugins/lift/client/index.ts' });
    said = [];
    await ensureClientBuild(options());
    expect(builds).toBe(2);
    expect(said[0]).toBe('client build: plugins/lift/client/index.ts changed since the last build, building the console…');
    expect(await readFile(join(outDir, 'index.html'), 'utf8')).toBe('build 2');
  });

  it('counts a deleted source (its folder changed) and a changed package-lock.json', async () => {
    await ensureClientBuild(options());
    await rm(join(root, 'host/client/main.tsx'));
    expect(await buildState(root, outDir)).toEqual({ kind: 'stale', changed: 'host/client' });
    await ensureClientBuild(options());
    await writeFile(join(root, 'package-lock.json'), '{"lockfileVersion":3}');
    expect(await buildState(root, outDir)).toEqual({ kind: 'stale', changed: 'package-lock.json' });
  });

  it('never builds with --no-build or NODE_ENV=production: a missing build stops the start, naming why', async () => {
    await expect(ensureClientBuild(options({ mode: 'never', reason: '--no-build' }))).rejects.toThrow(
      'the console is not built (dist/client/index.html is missing) and --no-build never builds it: run "npm run build" first',
    );
    await ensureClientBuild(options());
    await writeFile(join(root, 'host/client/main.tsx'), 'export const changed = 1;');
    said = [];
    await ensureClientBuild(options({ mode: 'never', reason: 'NODE_ENV=production' }));
    expect(builds).toBe(1);
    expect(said).toEqual([
      'client build: host/client/main.tsx changed after the build in dist/client; serving that build (NODE_ENV=production)',
    ]);
  });

  it('lets two consoles started together build once, the second waiting and finding the build fresh', async () => {
    await Promise.all([ensureClientBuild(options()), ensureClientBuild(options())]);
    expect(builds).toBe(1);
    expect(said).toContain('client build: another console is building it, waiting…');
    expect(said).toContain('client build: dist/client was built meanwhile');
    // No temporary folder or lock is left beside the build.
    expect(await readdir(join(root, 'dist'))).toEqual(['client']);
  });

  it('keeps the previous build when a build fails, and takes over a lock whose owner died', async () => {
    await ensureClientBuild(options());
    await writeFile(join(root, 'host/client/main.tsx'), 'export const changed = 1;');
    await mkdir(`${outDir}.lock`);
    // A pid no process has (the kernel's limit is below it).
    await writeFile(join(`${outDir}.lock`, 'owner'), String(2 ** 22 + 1));
    const failing = options({ build: () => Promise.reject(new Error('vite build failed (exit code 1)')) });
    await expect(ensureClientBuild(failing)).rejects.toThrow('vite build failed (exit code 1)');
    expect(await readFile(join(outDir, 'index.html'), 'utf8')).toBe('build 1');
    expect(await readdir(join(root, 'dist'))).toEqual(['client']);
  });
});

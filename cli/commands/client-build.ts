import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, stat, utimes, writeFile } from 'node:fs/promises';
import { basename, dirname, join, relative } from 'node:path';

/**
 * What the client bundle is built from: the browser app, core's client and isomorphic parts, every plugin's client and
 * common parts and manifest, the Vite configuration and the installed packages (package.json: the shown version).
 */
export async function clientSources(root: string): Promise<string[]> {
  const plugins = await readdir(join(root, 'plugins')).catch(() => [] as string[]);
  return [
    'host/client',
    'core/client',
    'core/common',
    ...plugins.flatMap((plugin) => [`plugins/${plugin}/client`, `plugins/${plugin}/common`, `plugins/${plugin}/manifest.ts`]),
    'vite.config.ts',
    'aliases.ts',
    'package.json',
    'package-lock.json',
  ].map((path) => join(root, path));
}

/** Tests are not part of the bundle: changing one needs no new build. */
const NOT_BUNDLED = /\.test\.tsx?$/;

/**
 * The most recently changed source: files, and folders too (a folder's time changes when a file in it is added, deleted
 * or renamed). Paths that do not exist are skipped.
 */
export async function newestSource(paths: readonly string[]): Promise<{ path: string; mtimeMs: number } | null> {
  let newest: { path: string; mtimeMs: number } | null = null;
  const visit = async (path: string): Promise<void> => {
    const info = await stat(path).catch(() => null);
    if (!info) return;
    if (!newest || info.mtimeMs > newest.mtimeMs) newest = { path, mtimeMs: info.mtimeMs };
    if (!info.isDirectory()) return;
    for (const entry of await readdir(path, { withFileTypes: true })) {
      if (entry.isDirectory() || !NOT_BUNDLED.test(entry.name)) await visit(join(path, entry.name));
    }
  };
  for (const path of paths) await visit(path);
  return newest;
}

export type BuildState = { kind: 'missing' } | { kind: 'stale'; changed: string } | { kind: 'fresh' };

/**
 * Whether the build in `outDir` is missing, older than a source, or fresh. Its index.html is the build's stamp: written
 * last, and dated back to the build's start by ensureClientBuild, so a source saved during a build counts as newer.
 */
export async function buildState(root: string, outDir: string): Promise<BuildState> {
  const built = await stat(join(outDir, 'index.html')).catch(() => null);
  if (!built) return { kind: 'missing' };
  const newest = await newestSource(await clientSources(root));
  return newest && newest.mtimeMs > built.mtimeMs ? { kind: 'stale', changed: relative(root, newest.path) } : { kind: 'fresh' };
}

export interface ClientBuildOptions {
  root: string;
  outDir: string;
  /** `auto` builds when the build is missing or stale; `never` (--no-build, NODE_ENV=production) refuses to start without one. */
  mode: 'auto' | 'never';
  /** Why `never` (named in the messages). */
  reason?: string;
  /** Builds the client into the given empty folder (vite build). */
  build(outDir: string): Promise<void>;
  say(line: string): void;
}

/** How long a lock may stand before it counts as left behind by a build that died without its owner's process dying. */
const LOCK_STALE_MS = 15 * 60_000;
const LOCK_POLL_MS = 250;

/**
 * Makes sure `outDir` holds a build of the current sources before the console starts, and says what it does. A build goes
 * into a temporary folder beside `outDir` and replaces it by renaming, under a lock (`<outDir>.lock`): two consoles
 * starting from one folder build once, the second waiting and then finding the build fresh, and a running console never
 * serves a half-written build.
 */
export async function ensureClientBuild(options: ClientBuildOptions): Promise<void> {
  const { root, outDir, mode, say } = options;
  const inRepository = relative(root, outDir);
  const shown = inRepository && !inRepository.startsWith('..') ? inRepository : outDir;
  const state = await buildState(root, outDir);
  if (mode === 'never') {
    if (state.kind === 'missing') {
      throw new Error(
        `the console is not built (${shown}/index.html is missing) and ${options.reason ?? '--no-build'} never builds it: run "npm run build" first`,
      );
    }
    if (state.kind === 'stale')
      say(
        `client build: ${state.changed} changed after the build in ${shown}; serving that build (${options.reason ?? '--no-build'})`,
      );
    return;
  }
  if (state.kind === 'fresh') return say(`client build: ${shown} is up to date`);
  const release = await lock(`${outDir}.lock`, say);
  try {
    // Another console may have built while this one waited for the lock.
    const now = await buildState(root, outDir);
    if (now.kind === 'fresh') return say(`client build: ${shown} was built meanwhile`);
    say(
      now.kind === 'missing'
        ? `client build: ${shown} is missing, building the console…`
        : `client build: ${now.changed} changed since the last build, building the console…`,
    );
    const started = new Date();
    const temporary = join(dirname(outDir), `.${basename(outDir)}-build-${randomBytes(4).toString('hex')}`);
    try {
      await options.build(temporary);
      // Dated to the build's start: a source changed during the build makes the next start build again.
      await utimes(join(temporary, 'index.html'), started, started);
      await replace(outDir, temporary);
    } finally {
      await rm(temporary, { recursive: true, force: true });
    }
    say(`client build: built ${shown} in ${((Date.now() - started.getTime()) / 1000).toFixed(1)} s`);
  } finally {
    await release();
  }
}

/** Puts `next` where `current` is: two renames, so the folder is a whole build at every moment but the one between. */
async function replace(current: string, next: string): Promise<void> {
  const previous = `${next}-previous`;
  const existed = await rename(current, previous).then(
    () => true,
    (error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return false;
      throw error;
    },
  );
  await rename(next, current);
  if (existed) await rm(previous, { recursive: true, force: true });
}

/** Takes the lock folder (mkdir is atomic), waiting while another live process holds it; answers its release. */
async function lock(path: string, say: (line: string) => void): Promise<() => Promise<void>> {
  await mkdir(dirname(path), { recursive: true });
  let told = false;
  for (;;) {
    try {
      await mkdir(path);
      await writeFile(join(path, 'owner'), String(process.pid));
      return () => rm(path, { recursive: true, force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    if (await abandoned(path)) {
      await rm(path, { recursive: true, force: true });
      continue;
    }
    if (!told) say('client build: another console is building it, waiting…');
    told = true;
    await new Promise((resolve) => setTimeout(resolve, LOCK_POLL_MS));
  }
}

/** A lock whose owner process is gone, or that is older than any build takes. */
async function abandoned(path: string): Promise<boolean> {
  const info = await stat(path).catch(() => null);
  if (!info) return false;
  if (Date.now() - info.mtimeMs > LOCK_STALE_MS) return true;
  const owner = Number(await readFile(join(path, 'owner'), 'utf8').catch(() => ''));
  // Just made, owner not written yet: not abandoned.
  if (!Number.isInteger(owner) || owner <= 0) return false;
  try {
    process.kill(owner, 0);
    return false;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ESRCH';
  }
}

/** `vite build` of the repository's configuration, into `outDir`, its output on this console. */
export function viteBuild(root: string): (outDir: string) => Promise<void> {
  return (outDir) =>
    new Promise((resolve, reject) => {
      const vite = join(root, 'node_modules', 'vite', 'bin', 'vite.js');
      const child = spawn(process.execPath, [vite, 'build', '--outDir', outDir, '--emptyOutDir'], {
        cwd: root,
        stdio: 'inherit',
      });
      child.once('error', reject);
      child.once('exit', (code, signal) =>
        code === 0 ? resolve() : reject(new Error(`vite build failed (${signal ?? `exit code ${code}`})`)),
      );
    });
}

import { execFileSync, execSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const REPO_ROOT = resolve(import.meta.dirname, '../..');

export interface Release {
  version: string;
  commit: string;
  /** Where the commit came from: the release's tag, or releases.json in a clone without tags (such as CI's). */
  from: 'tag' | 'releases.json';
}

const git = (...args: string[]) => execFileSync('git', args, { cwd: REPO_ROOT, encoding: 'utf8' }).trim();

/** Orders x.y.z versions; a pre-release (1.8.0-rc.1) comes before its release. */
function compareVersions(a: string, b: string): number {
  const parts = (version: string) => {
    const [core = '', pre] = version.split('-', 2);
    return { numbers: core.split('.').map(Number), pre };
  };
  const [x, y] = [parts(a), parts(b)];
  for (let index = 0; index < 3; index++) {
    const difference = (x.numbers[index] ?? 0) - (y.numbers[index] ?? 0);
    if (difference !== 0) return difference;
  }
  if (x.pre === y.pre) return 0;
  if (x.pre === undefined) return 1;
  if (y.pre === undefined) return -1;
  return x.pre < y.pre ? -1 : 1;
}

/** The v<version> tags of this clone, by version, with the commit each points at. */
function taggedReleases(): Map<string, string> {
  const lines = git('for-each-ref', '--format=%(refname:short) %(objectname) %(*objectname)', 'refs/tags/v*');
  return new Map(
    lines
      .split('\n')
      .filter(Boolean)
      .map((line) => {
        const [tag = '', object = '', peeled] = line.split(' ');
        // An annotated tag's own object is the tag; the commit is what it peels to.
        return [tag.slice(1), peeled || object];
      }),
  );
}

function listedReleases(): Map<string, string> {
  const file = JSON.parse(readFileSync(join(REPO_ROOT, 'releases.json'), 'utf8')) as {
    releases: { version: string; commit: string }[];
  };
  return new Map(file.releases.map((release) => [release.version, release.commit]));
}

/**
 * The newest release older than `currentVersion` (package.json's), or the release `from` names (a version): from its
 * tag when the clone has tags, else from releases.json. A tag and the file naming different commits for one version is
 * an error, and so is a commit this clone lacks (a shallow clone).
 */
export function previousRelease(currentVersion: string, from?: string): Release {
  const tags = taggedReleases();
  const listed = listedReleases();
  for (const [version, commit] of tags) {
    const inFile = listed.get(version);
    if (inFile && inFile !== commit) {
      throw new Error(`Tag v${version} points at ${commit}, but releases.json says ${inFile}: one of them is wrong`);
    }
  }
  const known = [...new Set([...tags.keys(), ...listed.keys()])].sort(compareVersions);
  const version = from ?? known.filter((candidate) => compareVersions(candidate, currentVersion) < 0).at(-1);
  if (!version || !known.includes(version)) {
    throw new Error(`No ${from ? `release ${from}` : `release older than ${currentVersion}`} in the tags or releases.json`);
  }
  const tagged = tags.get(version);
  const release: Release = tagged
    ? { version, commit: tagged, from: 'tag' }
    : { version, commit: listed.get(version)!, from: 'releases.json' };
  try {
    git('cat-file', '-e', `${release.commit}^{commit}`);
  } catch {
    throw new Error(
      `Commit ${release.commit} of release ${version} is not in this clone (a shallow clone? git fetch --unshallow)`,
    );
  }
  return release;
}

interface LockPackage {
  version?: string;
  integrity?: string;
  dependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
}
type LockPackages = Record<string, LockPackage>;
const lockPackages = (file: string) => (JSON.parse(readFileSync(file, 'utf8')) as { packages: LockPackages }).packages;

/** Where Node finds package `name` required from the package installed at `from` ('' for the project): walking up. */
function locate(packages: LockPackages, from: string, name: string): string | null {
  for (let base = from; ;) {
    const path = base ? `${base}/node_modules/${name}` : `node_modules/${name}`;
    if (packages[path]) return path;
    if (!base) return null;
    const parent = base.lastIndexOf('/node_modules/');
    base = parent === -1 ? '' : base.slice(0, parent);
  }
}

/**
 * Whether the release runs on this checkout's node_modules exactly as on its own: every package its lockfile resolves,
 * from the project down through each package's dependencies, resolves here to the same version and tarball (possibly
 * hoisted to another folder). The packages added since are never reached by the release's code.
 */
function sameModules(releaseLockfile: string): boolean {
  const theirs = lockPackages(releaseLockfile);
  const ours = lockPackages(join(REPO_ROOT, 'package-lock.json'));
  const seen = new Set<string>();
  const queue: [string, string][] = [['', '']];
  for (let next = queue.pop(); next; next = queue.pop()) {
    const [theirFolder, ourFolder] = next;
    const wanted = theirs[theirFolder] ?? {};
    const names = [wanted.dependencies, wanted.optionalDependencies, wanted.peerDependencies]
      .concat(theirFolder === '' ? [wanted.devDependencies] : [])
      .flatMap((list) => Object.keys(list ?? {}));
    for (const name of names) {
      const theirPath = locate(theirs, theirFolder, name);
      if (!theirPath) continue; // an optional or peer dependency the release did not install either
      const ourPath = locate(ours, ourFolder, name);
      const [their, our] = [theirs[theirPath], ourPath === null ? undefined : ours[ourPath]];
      if (ourPath === null || our?.version !== their?.version || our?.integrity !== their?.integrity) return false;
      if (!seen.has(`${theirPath}|${ourPath}`)) {
        seen.add(`${theirPath}|${ourPath}`);
        queue.push([theirPath, ourPath]);
      }
    }
  }
  return true;
}

/**
 * node_modules installed from the release's own lockfile with `npm ci`, once per lockfile: kept under
 * SENSORIUM_RELEASE_MODULES (default ~/.cache/sensorium-release-modules), and filled from npm's cache where it can.
 */
function installedModules(tree: string): string {
  const lockfile = join(tree, 'package-lock.json');
  const hash = createHash('sha256').update(readFileSync(lockfile)).digest('hex').slice(0, 16);
  const base = process.env.SENSORIUM_RELEASE_MODULES ?? join(homedir(), '.cache', 'sensorium-release-modules');
  const folder = join(base, hash);
  if (!existsSync(join(folder, 'node_modules', '.package-lock.json'))) {
    mkdirSync(folder, { recursive: true });
    for (const file of ['package.json', 'package-lock.json']) copyFileSync(join(tree, file), join(folder, file));
    execFileSync('npm', ['ci', '--no-audit', '--no-fund', '--prefer-offline'], { cwd: folder, stdio: 'inherit' });
  }
  return join(folder, 'node_modules');
}

/**
 * The release's tree exported from git into a scratch folder (`git archive`: tracked files only, as a clean checkout),
 * with node_modules: this checkout's when the release would resolve every package the same on it (see sameModules), else
 * its own.
 */
export function checkOutRelease(release: Release): { folder: string; installed: 'shared' | 'own'; remove(): void } {
  const folder = mkdtempSync(join(tmpdir(), `sensorium-release-${release.version}-`));
  execSync(`git archive --format=tar ${release.commit} | tar -x -C "${folder}"`, { cwd: REPO_ROOT });
  const shared = sameModules(join(folder, 'package-lock.json'));
  symlinkSync(shared ? join(REPO_ROOT, 'node_modules') : installedModules(folder), join(folder, 'node_modules'), 'dir');
  return { folder, installed: shared ? 'shared' : 'own', remove: () => rmSync(folder, { recursive: true, force: true }) };
}

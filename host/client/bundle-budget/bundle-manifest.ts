import { existsSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/** One chunk of Vite's build manifest (dist/client/.vite/manifest.json, `build.manifest`). */
export interface ManifestChunk {
  file: string;
  /** The chunk's name: its source file's, or a group's of vite.config.ts (`texts-en`). */
  name?: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}

/** The build manifest: chunks by key (a source path relative to the Vite root, or `_name-hash.js` for shared chunks). */
export type BuildManifest = Record<string, ManifestChunk>;

/** What a set of files weighs: raw, and as the server sends them gzip- and brotli-compressed. */
export interface Weight {
  files: number;
  raw: number;
  gzip: number;
  brotli: number;
}

const repo = resolve(import.meta.dirname, '../../..');
/** Vite's root (vite.config.ts): manifest keys are source paths relative to it. */
const viteRoot = resolve(repo, 'host/client');

export const DEFAULT_CLIENT_DIR = resolve(repo, 'dist/client');

export function readManifest(clientDir: string): BuildManifest {
  const path = join(clientDir, '.vite/manifest.json');
  if (!existsSync(path)) throw new Error(`No build manifest at ${path}: run "npm run build" first`);
  return JSON.parse(readFileSync(path, 'utf8')) as BuildManifest;
}

/** The manifest key of a source file named from the repository root, e.g. `plugins/account/client/pages/login-page.tsx`. */
export function manifestKey(repoPath: string): string {
  return relative(viteRoot, resolve(repo, repoPath));
}

/** The console's entry chunk (index.html's script). */
export function entryKey(manifest: BuildManifest): string {
  const key = Object.keys(manifest).find((candidate) => manifest[candidate]!.isEntry);
  if (!key) throw new Error('The build manifest has no entry chunk');
  return key;
}

/** The key of the chunk of this name, e.g. the texts of one language (`texts-en`, a group of vite.config.ts). */
export function chunkNamed(manifest: BuildManifest, name: string): string {
  const key = Object.keys(manifest).find((candidate) => manifest[candidate]!.name === name);
  if (!key) throw new Error(`The build manifest has no chunk named "${name}"`);
  return key;
}

/**
 * The JavaScript files a browser fetches for these modules before any of them runs: each one's chunk and every chunk
 * it imports statically (what Vite preloads), deduplicated. Dynamic imports are left out: they load later, if ever.
 */
export function staticClosure(manifest: BuildManifest, keys: readonly string[]): string[] {
  const files = new Set<string>();
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) throw new Error(`"${key}" is not in the build manifest: was it renamed, or is it no longer a chunk?`);
    files.add(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  keys.forEach(visit);
  return [...files].filter((file) => file.endsWith('.js'));
}

/** The size of the precompressed file beside `path`, or of compressing it now when the build made none (below the threshold). */
function compressedSize(path: string, extension: '.gz' | '.br', contents: () => Buffer): number {
  if (existsSync(path + extension)) return statSync(path + extension).size;
  return extension === '.gz'
    ? gzipSync(contents(), { level: 9 }).length
    : brotliCompressSync(contents(), { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
}

export function weigh(clientDir: string, files: readonly string[]): Weight {
  const weight: Weight = { files: files.length, raw: 0, gzip: 0, brotli: 0 };
  for (const file of files) {
    const path = join(clientDir, file);
    let contents: Buffer | undefined;
    const read = () => (contents ??= readFileSync(path));
    weight.raw += statSync(path).size;
    weight.gzip += compressedSize(path, '.gz', read);
    weight.brotli += compressedSize(path, '.br', read);
  }
  return weight;
}

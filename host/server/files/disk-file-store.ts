import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join, relative, resolve, sep } from 'node:path';
import type { FileStore } from '@sensorium/core/server';

/** Files under `<SENSORIUM_DATA_DIR>/files`. Keys never escape that folder. */
export class DiskFileStore implements FileStore {
  private readonly root: string;

  constructor(dataDir: string) {
    this.root = resolve(dataDir, 'files');
  }

  private path(key: string): string {
    const path = resolve(this.root, key);
    if (path !== this.root && !path.startsWith(this.root + sep)) throw new Error(`File key "${key}" leaves the file store`);
    return path;
  }

  async put(key: string, content: Buffer): Promise<void> {
    const path = this.path(key);
    await mkdir(dirname(path), { recursive: true });
    // Write then rename would be atomic; a partial file is never served because callers record the key only after put.
    await writeFile(path, content);
  }

  async get(key: string): Promise<Buffer | null> {
    try {
      return await readFile(this.path(key));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    await rm(this.path(key), { force: true, recursive: true });
  }

  async list(prefix: string): Promise<string[]> {
    const folder = this.path(prefix);
    try {
      const entries = await readdir(folder, { recursive: true, withFileTypes: true });
      return entries
        .filter((entry) => entry.isFile())
        .map((entry) => relative(this.root, join(entry.parentPath, entry.name)).split(sep).join('/'));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw error;
    }
  }
}

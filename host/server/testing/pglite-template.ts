import { existsSync } from 'node:fs';
import { cp, mkdtemp, rename, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import packageJson from '../../../package.json';

/**
 * A freshly initialised, empty PGlite data directory, created once per machine and PGlite version (pinned in package.json).
 * Copying it takes a fraction of a second, where initialising a new database takes several: every test server
 * starts from a copy, and still runs every migration itself.
 */
async function template(): Promise<string> {
  const directory = join(tmpdir(), `sensorium-pglite-template-${packageJson.dependencies['@electric-sql/pglite']}`);
  if (existsSync(join(directory, 'PG_VERSION'))) return directory;
  const building = await mkdtemp(join(tmpdir(), 'sensorium-pglite-building-'));
  const database = await PGlite.create(building);
  await database.close();
  // Test workers may build it at the same time; the first rename wins and the others discard theirs.
  await rename(building, directory).catch(() => rm(building, { recursive: true, force: true }));
  return directory;
}

/** Puts an empty database where the server opens PGlite (<dataDir>/db). */
export async function seedPgliteDataDir(dataDir: string): Promise<void> {
  await cp(await template(), join(dataDir, 'db'), { recursive: true });
}

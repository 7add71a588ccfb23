import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { REPO_ROOT } from './repo';

export const SERVER_LIST = 'host/server/plugins.ts';
export const CLIENT_LIST = 'host/client/plugins.ts';

/** A host plugin list as the CLI expects it: an array literal ending in the marker line. */
const hostList = (type: string) =>
  `import type { ${type} } from '../../core/common';\n\nexport const list: ${type}[] = [\n  // sensorium:plugins\n];\n`;

/**
 * A scratch repository for the scaffolder tests: the host's plugin lists (the real ones, so the tests also prove their
 * marker is in place), Prettier's settings and an existing plugin folder the generator must not overwrite.
 */
export function scaffoldFixture(existingPlugin: string) {
  const root = mkdtempSync(join(tmpdir(), 'sensorium-cli-'));
  mkdirSync(join(root, 'host/server'), { recursive: true });
  mkdirSync(join(root, 'host/client'), { recursive: true });
  mkdirSync(join(root, 'plugins', existingPlugin), { recursive: true });
  for (const [list, type] of [
    [SERVER_LIST, 'ServerPlugin'],
    [CLIENT_LIST, 'ClientPlugin'],
  ] as const) {
    const real = join(REPO_ROOT, list);
    writeFileSync(join(root, list), existsSync(real) ? readFileSync(real, 'utf8') : hostList(type));
  }
  cpSync(join(REPO_ROOT, '.prettierrc'), join(root, '.prettierrc'));
  return {
    root,
    read: (path: string) => readFileSync(join(root, path), 'utf8'),
    remove: () => rmSync(root, { recursive: true, force: true }),
  };
}

import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PLUGIN_LIST_MARKER } from '../scaffold/register';
import type { PluginFolder } from './plugin-folders';

const LISTS = [
  { side: 'client', file: 'host/client/plugins.ts', has: (plugin: PluginFolder) => plugin.hasClient },
  { side: 'server', file: 'host/server/plugins.ts', has: (plugin: PluginFolder) => plugin.hasServer },
] as const;

/** Every plugin part on disk should be imported by its host list, or the host never loads it. */
export function checkRegistration(root: string, plugins: PluginFolder[]): string[] {
  const problems: string[] = [];
  for (const list of LISTS) {
    const path = join(root, list.file);
    if (!existsSync(path)) {
      problems.push(`${list.file} is missing`);
      continue;
    }
    const source = readFileSync(path, 'utf8');
    if (!source.split('\n').some((line) => line.trim() === PLUGIN_LIST_MARKER)) {
      problems.push(`${list.file}: the "${PLUGIN_LIST_MARKER}" line is missing from the plugin list`);
    }
    for (const plugin of plugins.filter(list.has)) {
      // Plugin folder names are ids (letters, digits, hyphens), so they need no escaping in the pattern.
      if (!new RegExp(`['"]\\.\\./\\.\\./plugins/${plugin.folder}/${list.side}['"]`).test(source)) {
        problems.push(`plugins/${plugin.folder}/${list.side} is not listed in ${list.file}, so the host never loads it`);
      }
    }
  }
  return problems;
}

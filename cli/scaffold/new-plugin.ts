import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pluginIdProblem, pluginNames, type PluginNames } from './names';
import { formatFiles } from './format';
import { addToPluginList, type PluginListEntry } from './register';
import { copyTemplate } from './template';

export const PLUGIN_TEMPLATE_DIR = resolve(import.meta.dirname, '../templates/plugin');

export interface NewPluginOptions {
  /** The repository root to generate into. */
  root: string;
  id: string;
  licence?: string;
  /** False for a browser-only plugin: no server folder, no server registration. */
  server: boolean;
}

export interface NewPluginResult {
  names: PluginNames;
  /** Generated files, relative to the root. */
  files: string[];
  /** The host plugin lists the plugin was added to, relative to the root. */
  registeredIn: string[];
}

const LICENCE_PATTERN = /^[a-z][a-z0-9-]*$/;

/** The host files that list plugins, and the line each needs for a plugin. */
function pluginLists(id: string, camelName: string, server: boolean): { file: string; entry: PluginListEntry }[] {
  const lists = [
    { file: 'host/client/plugins.ts', side: 'client', wanted: true },
    { file: 'host/server/plugins.ts', side: 'server', wanted: server },
  ];
  return lists
    .filter((list) => list.wanted)
    .map(({ file, side }) => {
      const name = `${camelName}${side === 'server' ? 'Server' : 'Client'}`;
      return { file, entry: { importLine: `import ${name} from '../../plugins/${id}/${side}';`, entry: name } };
    });
}

/** Checks everything that could fail before the first file is written. */
function assertCanGenerate(options: NewPluginOptions, lists: { file: string }[]): void {
  const idProblem = pluginIdProblem(options.id);
  if (idProblem) throw new Error(idProblem);
  if (options.licence !== undefined && !LICENCE_PATTERN.test(options.licence)) {
    throw new Error(`"${options.licence}" is not a valid licence key: use lowercase letters, digits and hyphens`);
  }
  if (existsSync(join(options.root, 'plugins', options.id))) {
    throw new Error(`A plugin "${options.id}" already exists in plugins/${options.id}; choose another id`);
  }
  for (const { file } of lists) {
    if (!existsSync(join(options.root, file))) {
      throw new Error(`${file} is missing under ${options.root}; is this the Sensorium repository?`);
    }
  }
}

export async function generatePlugin(options: NewPluginOptions): Promise<NewPluginResult> {
  const names = pluginNames(options.id);
  const lists = pluginLists(names.id, names.camelName, options.server);
  assertCanGenerate(options, lists);
  // Edit the lists in memory first: a list without its marker stops the run before any file is written.
  const listUpdates = lists.map(({ file, entry }) => {
    const path = join(options.root, file);
    return { path, text: addToPluginList(readFileSync(path, 'utf8'), file, entry) };
  });
  const files = copyTemplate(
    PLUGIN_TEMPLATE_DIR,
    options.root,
    { ...names, licence: options.licence ?? '', server: options.server },
    (path) => options.server || !path.includes('/server/'),
  );
  for (const { path, text } of listUpdates) writeFileSync(path, text);
  await formatFiles([...files.map((file) => join(options.root, file)), ...listUpdates.map((update) => update.path)]);
  return { names, files, registeredIn: lists.map((list) => list.file) };
}

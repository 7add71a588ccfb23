import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { formatFiles } from './format';
import { pluginIdProblem, type IdKind } from './names';
import { addToPluginList, type PluginListEntry } from './register';
import { copyTemplate, type TemplateValues } from './template';

/** Licence keys a manifest may name. */
export const LICENCE_PATTERN = /^[a-z][a-z0-9-]*$/;

export type PluginSide = 'client' | 'server';

/** A host file that lists plugins, and the line it needs for one plugin. */
export interface PluginListUpdate {
  file: string;
  entry: PluginListEntry;
}

const HOST_LISTS: Record<PluginSide, string> = {
  client: 'host/client/plugins.ts',
  server: 'host/server/plugins.ts',
};

/** The host lists a plugin with these parts goes into (client first), with its import and entry. */
export function pluginListUpdates(id: string, camelName: string, sides: readonly PluginSide[]): PluginListUpdate[] {
  return (['client', 'server'] as const)
    .filter((side) => sides.includes(side))
    .map((side) => {
      const name = `${camelName}${side === 'server' ? 'Server' : 'Client'}`;
      return { file: HOST_LISTS[side], entry: { importLine: `import ${name} from '../../plugins/${id}/${side}';`, entry: name } };
    });
}

export interface GenerateOptions {
  /** The repository root to generate into. */
  root: string;
  /** The plugin id, also the folder under plugins/. */
  id: string;
  /** How the command names the id in its messages. */
  kind: IdKind;
  licence?: string;
  /** The template kind's folder (cli/templates/<kind>). */
  templateDir: string;
  values: TemplateValues;
  lists: PluginListUpdate[];
  /** Which template files to copy (by their path inside the template folder); all by default. */
  include?: (templatePath: string) => boolean;
}

/** Checks everything that could fail before the first file is written. */
function assertCanGenerate({ root, id, kind, licence, lists }: GenerateOptions): void {
  const idProblem = pluginIdProblem(id, kind);
  if (idProblem) throw new Error(idProblem);
  if (licence !== undefined && !LICENCE_PATTERN.test(licence)) {
    throw new Error(`"${licence}" is not a valid licence key: use lowercase letters, digits and hyphens`);
  }
  if (existsSync(join(root, 'plugins', id))) {
    throw new Error(`A plugin "${id}" already exists in plugins/${id}; choose another ${kind.noun.split(' ').at(-1)}`);
  }
  for (const { file } of lists) {
    if (!existsSync(join(root, file))) {
      throw new Error(`${file} is missing under ${root}; is this the Sensorium repository?`);
    }
  }
}

/**
 * Copies a template kind into the repository, registers the plugin in the host lists and formats what it wrote.
 * Writes nothing when the id, the licence, the target folder or a list's marker is wrong.
 */
export async function generateFromTemplate(options: GenerateOptions): Promise<{ files: string[]; registeredIn: string[] }> {
  assertCanGenerate(options);
  // Edit the lists in memory first: a list without its marker stops the run before any file is written.
  const listUpdates = options.lists.map(({ file, entry }) => {
    const path = join(options.root, file);
    return { path, text: addToPluginList(readFileSync(path, 'utf8'), file, entry) };
  });
  const files = copyTemplate(options.templateDir, options.root, options.values, options.include);
  for (const { path, text } of listUpdates) writeFileSync(path, text);
  await formatFiles([...files.map((file) => join(options.root, file)), ...listUpdates.map((update) => update.path)]);
  return { files, registeredIn: options.lists.map((list) => list.file) };
}

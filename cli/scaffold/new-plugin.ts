import { resolve } from 'node:path';
import { generateFromTemplate, pluginListUpdates } from './generate';
import { PLUGIN_ID, pluginNames, type PluginNames } from './names';

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

export async function generatePlugin(options: NewPluginOptions): Promise<NewPluginResult> {
  const names = pluginNames(options.id);
  const { files, registeredIn } = await generateFromTemplate({
    root: options.root,
    id: options.id,
    kind: PLUGIN_ID,
    licence: options.licence,
    templateDir: PLUGIN_TEMPLATE_DIR,
    values: { ...names, licence: options.licence ?? '', server: options.server },
    lists: pluginListUpdates(names.id, names.camelName, options.server ? ['client', 'server'] : ['client']),
    include: (path) => options.server || !path.includes('/server/'),
  });
  return { names, files, registeredIn };
}

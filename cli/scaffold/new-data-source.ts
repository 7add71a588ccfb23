import { resolve } from 'node:path';
import { generateFromTemplate, pluginListUpdates } from './generate';
import { pluginNames, type IdKind, type PluginNames } from './names';

export const DATA_SOURCE_TEMPLATE_DIR = resolve(import.meta.dirname, '../templates/data-source');

/** The data-source type is the plugin id too: the folder, the manifest id, the MQTT topic root and the text namespace. */
export const DATA_SOURCE_TYPE: IdKind = { noun: 'data-source type', example: 'lora-gateway' };

export interface NewDataSourceOptions {
  /** The repository root to generate into. */
  root: string;
  /** The data-source type, e.g. `lora-gateway`: items of this type get their values from the generated adapter. */
  type: string;
  licence?: string;
}

export interface NewDataSourceResult {
  names: PluginNames;
  /** Generated files, relative to the root. */
  files: string[];
  /** The host plugin lists the plugin was added to, relative to the root. */
  registeredIn: string[];
}

/** Generates plugins/<type>: an MQTT data-source adapter, its add-item form section and their tests; registers both parts. */
export async function generateDataSource(options: NewDataSourceOptions): Promise<NewDataSourceResult> {
  const names = pluginNames(options.type);
  const { files, registeredIn } = await generateFromTemplate({
    root: options.root,
    id: options.type,
    kind: DATA_SOURCE_TYPE,
    licence: options.licence,
    templateDir: DATA_SOURCE_TEMPLATE_DIR,
    values: { ...names, licence: options.licence ?? '' },
    lists: pluginListUpdates(names.id, names.camelName, ['client', 'server']),
  });
  return { names, files, registeredIn };
}

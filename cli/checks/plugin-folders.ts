import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { PluginManifest } from '@sensorium/core/common';

/** One folder under plugins/, as found on disk. */
export interface PluginFolder {
  folder: string;
  manifest: PluginManifest;
  hasClient: boolean;
  hasServer: boolean;
}

/** Loads every plugins/<folder>/manifest.ts (plain data, safe to import without running plugin code). */
export async function readPluginFolders(root: string): Promise<{ plugins: PluginFolder[]; problems: string[] }> {
  const pluginsDir = join(root, 'plugins');
  const problems: string[] = [];
  const plugins: PluginFolder[] = [];
  const folders = existsSync(pluginsDir)
    ? readdirSync(pluginsDir, { withFileTypes: true }).filter((entry) => entry.isDirectory())
    : [];
  for (const { name: folder } of folders.sort((a, b) => a.name.localeCompare(b.name))) {
    const manifestPath = join(pluginsDir, folder, 'manifest.ts');
    if (!existsSync(manifestPath)) {
      problems.push(`plugins/${folder}: no manifest.ts`);
      continue;
    }
    const module = (await import(pathToFileURL(manifestPath).href)) as { manifest?: PluginManifest };
    if (!module.manifest) {
      problems.push(`plugins/${folder}/manifest.ts: exports no "manifest"`);
      continue;
    }
    if (module.manifest.id !== folder) {
      problems.push(`plugins/${folder}/manifest.ts: id "${module.manifest.id}" differs from its folder name "${folder}"`);
    }
    plugins.push({
      folder,
      manifest: module.manifest,
      hasClient: existsSync(join(pluginsDir, folder, 'client', 'index.ts')),
      hasServer: existsSync(join(pluginsDir, folder, 'server', 'index.ts')),
    });
  }
  return { plugins, problems };
}

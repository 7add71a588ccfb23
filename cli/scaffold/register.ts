/** The comment inside each host plugin list where the CLI adds entries; keep it as the array's last line. */
export const PLUGIN_LIST_MARKER = '// sensorium:plugins';

export interface PluginListEntry {
  /** A whole import statement, e.g. `import soilSensors from '../../plugins/soil-sensors/server';`. */
  importLine: string;
  /** The expression added to the list, e.g. `soilSensors`. */
  entry: string;
}

const IMPORT_END = /^(import\s[\s\S]*?from\s+['"][^'"]+['"];?|import\s+['"][^'"]+['"];?)[ \t]*$/gm;

/**
 * Adds an import after the file's last import and an entry just above the marker line,
 * with the marker's indentation. Throws (writing nothing) when the marker is missing or the import is already there.
 */
export function addToPluginList(source: string, file: string, { importLine, entry }: PluginListEntry): string {
  const lines = source.split('\n');
  const markerIndex = lines.findIndex((line) => line.trim() === PLUGIN_LIST_MARKER);
  if (markerIndex < 0) {
    throw new Error(`${file} has no "${PLUGIN_LIST_MARKER}" line inside its plugin list; add it back as the list's last line`);
  }
  if (source.includes(importLine)) throw new Error(`${file} already imports this plugin`);
  const indent = /^\s*/.exec(lines[markerIndex]!)![0];
  lines.splice(markerIndex, 0, `${indent}${entry},`);
  const withEntry = lines.join('\n');
  const imports = [...withEntry.matchAll(IMPORT_END)];
  const last = imports.at(-1);
  const at = last ? last.index + last[0].length + 1 : 0;
  return `${withEntry.slice(0, at)}${importLine}\n${withEntry.slice(at)}`;
}

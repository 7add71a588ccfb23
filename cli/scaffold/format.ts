import { readFileSync, writeFileSync } from 'node:fs';
import { format, getFileInfo, resolveConfig } from 'prettier';

/**
 * Formats files in place with the repository's prettier settings, so generated code passes
 * `prettier --check` whatever the length of the names substituted into it.
 */
export async function formatFiles(paths: readonly string[]): Promise<void> {
  for (const path of paths) {
    const info = await getFileInfo(path);
    if (info.ignored || info.inferredParser === null) continue;
    const options = await resolveConfig(path);
    writeFileSync(path, await format(readFileSync(path, 'utf8'), { ...options, filepath: path }));
  }
}

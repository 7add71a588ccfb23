import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { ESLint } from 'eslint';

/** Runs only the import-boundary rules of eslint.config.js over core, host and plugins. */
export async function checkBoundaries(root: string): Promise<string[]> {
  if (!existsSync(join(root, 'eslint.config.js'))) return [];
  const eslint = new ESLint({ cwd: root, ruleFilter: ({ ruleId }) => ruleId.startsWith('boundaries/') });
  const folders = ['core', 'host', 'plugins'].filter((folder) => existsSync(join(root, folder)));
  const results = await eslint.lintFiles(folders);
  // Only the boundary rules' findings: other rules' problems (and unknown-rule comments) are `npm run lint`'s to report.
  return results.flatMap((result) =>
    result.messages
      .filter((message) => message.ruleId?.startsWith('boundaries/'))
      .map((message) => `${result.filePath.slice(root.length + 1)}:${message.line}: ${message.message}`),
  );
}

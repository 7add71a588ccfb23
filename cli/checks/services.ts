import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ServerPlugin } from '@sensorium/core/server';
import { checkDeclaredServices, CORE_SERVICE_TOKENS } from '../../host/server/plugin-host/declared-services';

/**
 * The services the installed server plugins declare (`deps`, `provides`), checked as the host does at start, without
 * starting them: a dependency nobody provides, one from a plugin outside `dependsOn`, a token provided twice.
 */
export async function checkServices(root: string): Promise<string[]> {
  const listPath = join(root, 'host/server/plugins.ts');
  if (!existsSync(listPath)) return [];
  const { serverPlugins } = (await import(pathToFileURL(listPath).href)) as { serverPlugins?: ServerPlugin[] };
  if (!serverPlugins) return [];
  return checkDeclaredServices(serverPlugins, CORE_SERVICE_TOKENS).problems.map((problem) => problem.message);
}

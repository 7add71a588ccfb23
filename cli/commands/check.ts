import { Command } from 'commander';
import { resolve } from 'node:path';
import { checkBoundaries } from '../checks/boundaries';
import { checkManifests } from '../checks/manifests';
import { readPluginFolders } from '../checks/plugin-folders';
import { checkRegistration } from '../checks/registration';
import { checkServices } from '../checks/services';
import { checkTables } from '../checks/tables';
import { REPO_ROOT } from '../repo';

export function checkCommand(): Command {
  return new Command('check')
    .description(
      'validate plugin manifests, their registration with the host, table ownership, declared services and the import boundaries',
    )
    .option('--root <dir>', 'repository root to check', REPO_ROOT)
    .action(async (flags: { root: string }) => {
      const root = resolve(flags.root);
      const { plugins, problems } = await readPluginFolders(root);
      const manifests = checkManifests(plugins);
      problems.push(
        ...manifests.problems,
        ...checkRegistration(root, plugins),
        ...checkTables(root, plugins),
        ...(manifests.problems.length === 0 ? await checkServices(root) : []),
        ...(await checkBoundaries(root)),
      );
      for (const plugin of plugins) {
        const { id, version, licence } = plugin.manifest;
        const parts = [plugin.hasClient && 'client', plugin.hasServer && 'server'].filter(Boolean).join(' + ');
        console.log(`  ${id} ${version}  ${parts || 'no parts'}${licence ? `  licence ${licence}` : ''}`);
      }
      if (manifests.order.length > 0) console.log(`Start order: ${manifests.order.join(' -> ')}`);
      if (problems.length === 0) {
        console.log(
          `OK: ${plugins.length} plugin(s), manifests valid, registered, tables owned, services declared, import boundaries kept.`,
        );
        return;
      }
      console.error(`${problems.length} problem(s):`);
      for (const problem of problems) console.error(`  - ${problem}`);
      process.exitCode = 1;
    });
}

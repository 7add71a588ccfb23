import { resolve } from 'node:path';
import { Command } from 'commander';
import { REPO_ROOT } from '../repo';
import { generatePlugin } from '../scaffold/new-plugin';
import { nextStepsText } from './next-steps';

interface NewPluginFlags {
  licence?: string;
  server: boolean;
  root: string;
}

function nextSteps(id: string, title: string, root: string, server: boolean): string {
  return nextStepsText(
    [
      `npx vitest run --project unit plugins/${id}    # its unit${server ? ' and API' : ''} tests`,
      `npm run build && npx vitest run --project e2e tests/${id}.e2e.ts    # its browser test`,
      `npm start    # then open "${title}" in the sidebar`,
    ],
    root,
    'docs/plugins.md explains each file and how to extend it.',
  );
}

export function newPluginCommand(): Command {
  return new Command('plugin')
    .description('generate a working, tested plugin in plugins/<id> and register it with the host')
    .argument('<id>', 'plugin id: lowercase letters and digits, words joined by hyphens (e.g. soil-sensors)')
    .option('--licence <key>', 'licence key that switches the plugin on (default: always on)')
    .option('--no-server', 'browser-only plugin: no server part, API or migrations')
    .option('--root <dir>', 'repository root to generate into', REPO_ROOT)
    .action(async (id: string, flags: NewPluginFlags) => {
      const root = resolve(flags.root);
      const result = await generatePlugin({ root, id, licence: flags.licence, server: flags.server });
      console.log(`Created plugin "${id}":`);
      for (const file of result.files) console.log(`  ${file}`);
      console.log(`Registered in ${result.registeredIn.join(' and ')}.`);
      console.log(nextSteps(id, result.names.title, root, flags.server));
    });
}

import { resolve } from 'node:path';
import { Command } from 'commander';
import { REPO_ROOT } from '../repo';
import { generateDataSource } from '../scaffold/new-data-source';
import { nextStepsText } from './next-steps';

interface NewDataSourceFlags {
  licence?: string;
  root: string;
}

function nextSteps(type: string, title: string, root: string): string {
  return nextStepsText(
    [
      `npx vitest run --project unit plugins/${type}    # mapping, form and broker-to-item tests`,
      `npm start    # then add an item with the "${title}" data source and publish to ${type}/<device id>/up`,
    ],
    root,
    'docs/plugins.md ("Writing a data source") explains each file and how to adapt the wire format.',
  );
}

export function newDataSourceCommand(): Command {
  return new Command('data-source')
    .description('generate a working, tested data-source plugin (MQTT adapter and add-item form) in plugins/<type>')
    .argument('<type>', 'data-source type: lowercase letters and digits, words joined by hyphens (e.g. lora-gateway)')
    .option('--licence <key>', 'licence key that switches the data source on (default: always on)')
    .option('--root <dir>', 'repository root to generate into', REPO_ROOT)
    .action(async (type: string, flags: NewDataSourceFlags) => {
      const root = resolve(flags.root);
      const result = await generateDataSource({ root, type, licence: flags.licence });
      console.log(`Created data source "${type}":`);
      for (const file of result.files) console.log(`  ${file}`);
      console.log(`Registered in ${result.registeredIn.join(' and ')}.`);
      console.log(nextSteps(type, result.names.title, root));
    });
}

import { Command } from 'commander';
import { newDataSourceCommand } from './new-data-source';
import { newPluginCommand } from './new-plugin';

/** `sensorium new <kind>`: one sub-command per template kind under cli/templates/. */
export function newCommand(): Command {
  return new Command('new')
    .description('generate working, tested code from a template')
    .addCommand(newPluginCommand())
    .addCommand(newDataSourceCommand());
}

#!/usr/bin/env -S npx tsx
import 'reflect-metadata';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Command } from 'commander';
import { checkCommand } from './commands/check';
import { dbCommand } from './commands/db';
import { newCommand } from './commands/new';
import { openApiCommand } from './commands/openapi';
import { simulateCommand } from './commands/simulate';
import { startCommand } from './commands/start';
import { REPO_ROOT } from './repo';

const { version } = JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')) as { version: string };

const program = new Command('sensorium')
  .description('Sensorium: a plugin-based web console for IoT devices')
  .version(version)
  .showHelpAfterError();

program.addCommand(startCommand());
program.addCommand(newCommand());
program.addCommand(checkCommand());
program.addCommand(openApiCommand());
program.addCommand(simulateCommand());
program.addCommand(dbCommand());

program.parseAsync().catch((error: unknown) => {
  console.error(`sensorium: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
});

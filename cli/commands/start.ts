import { Command } from 'commander';

export function startCommand(): Command {
  return new Command('start')
    .description('start the console (API and built client); seeds the demo data on first start unless SENSORIUM_SEED_DEMO=false')
    .action(async () => {
      process.env.SENSORIUM_SEED_DEMO ??= 'true';
      // Imported here, once the environment is settled, so that other commands never load the server.
      const { main } = await import('../../host/server/main');
      await main();
    });
}

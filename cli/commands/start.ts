import { resolve } from 'node:path';
import { Command } from 'commander';
import { REPO_ROOT } from '../repo';
import { ensureClientBuild, viteBuild } from './client-build';

interface StartOptions {
  /** false with --no-build. */
  build: boolean;
  apiOnly?: boolean;
}

/**
 * How the console's client is made ready: built when missing or older than its sources, unless building is off
 * (--no-build, NODE_ENV=production, or SENSORIUM_CLIENT_DIR naming a build of the operator's own), when a missing build
 * stops the start.
 */
async function prepareClient(options: StartOptions, env: NodeJS.ProcessEnv): Promise<void> {
  const ownDir = env.SENSORIUM_CLIENT_DIR?.trim();
  const reason = !options.build
    ? '--no-build'
    : env.NODE_ENV === 'production'
      ? 'NODE_ENV=production'
      : ownDir
        ? 'SENSORIUM_CLIENT_DIR'
        : null;
  await ensureClientBuild({
    root: REPO_ROOT,
    outDir: resolve(REPO_ROOT, ownDir || 'dist/client'),
    mode: reason ? 'never' : 'auto',
    ...(reason ? { reason } : {}),
    build: viteBuild(REPO_ROOT),
    say: (line) => console.log(line),
  });
}

export function startCommand(): Command {
  return new Command('start')
    .description(
      'start the console (API and built client); builds the client first when it is missing or older than its sources, ' +
        'and seeds the demo data on first start unless SENSORIUM_SEED_DEMO=false',
    )
    .option('--no-build', 'never build the client; stop when there is no build (NODE_ENV=production does the same)')
    .option('--api-only', 'serve the API without the console (npm run dev, where Vite serves it)')
    .action(async (options: StartOptions) => {
      process.env.SENSORIUM_SEED_DEMO ??= 'true';
      if (!options.apiOnly) await prepareClient(options, process.env);
      // Imported here, once the environment is settled, so that other commands never load the server.
      const { main } = await import('../../host/server/main');
      await main(process.env, options.apiOnly ? { clientDir: null } : {});
    });
}

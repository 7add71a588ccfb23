import 'reflect-metadata';
import { pathToFileURL } from 'node:url';
import { loadConfig } from './config';
import { startServer } from './start-server';

/** Runs the server from the environment until SIGTERM or SIGINT, then shuts down gracefully. `sensorium start` calls it. */
export async function main(env: Record<string, string | undefined> = process.env): Promise<void> {
  const server = await startServer(loadConfig(env));
  const stop = (signal: NodeJS.Signals) => {
    server.app.log.info(`${signal} received, shutting down`);
    server.close().then(
      () => process.exit(0),
      (error: unknown) => {
        server.app.log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}

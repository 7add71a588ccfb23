import 'reflect-metadata';
import { pathToFileURL } from 'node:url';
import type { ServerConfig } from '@sensorium/core/server';
import { loadConfig } from './config';
import { startServer } from './start-server';

/**
 * Runs the server from the environment until SIGTERM or SIGINT, then shuts down gracefully (RunningServer.close: drain,
 * finish what is in flight, close) within SENSORIUM_SHUTDOWN_GRACE_SECONDS; past it, or at a second signal, the process
 * exits at once with status 1. `sensorium start` calls it; `overrides` are its options (the API alone for `npm run dev`).
 */
export async function main(
  env: Record<string, string | undefined> = process.env,
  overrides: Partial<ServerConfig> = {},
): Promise<void> {
  const config = { ...loadConfig(env), ...overrides };
  const server = await startServer(config);
  const graceMs = (config.shutdownGraceSeconds ?? 25) * 1000;
  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) {
      server.app.log.warn(`${signal} received again, exiting without finishing the shutdown`);
      process.exit(1);
    }
    stopping = true;
    server.app.log.info({ graceSeconds: graceMs / 1000 }, `${signal} received, shutting down`);
    setTimeout(() => {
      server.app.log.error({ graceSeconds: graceMs / 1000 }, 'shutdown took longer than its grace period, exiting');
      process.exit(1);
    }, graceMs).unref();
    server.close().then(
      () => process.exit(0),
      (error: unknown) => {
        server.app.log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}

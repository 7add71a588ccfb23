import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { Command } from 'commander';
import { loadConfig, startServer } from '../../host/server';

/** Starts a throwaway server (every installed plugin, all licences, an empty embedded database) and asks it for its document. */
export async function generateOpenApi(): Promise<unknown> {
  const dataDir = await mkdtemp(join(tmpdir(), 'sensorium-openapi-'));
  const server = await startServer({
    ...loadConfig({}),
    port: 0,
    dataDir,
    adminPassword: 'openapi-generation-only',
    logLevel: 'warn',
    clientDir: null,
  });
  try {
    const response = await fetch(`${server.url}/api/docs/json`);
    return await response.json();
  } finally {
    await server.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

export function openApiCommand(): Command {
  return new Command('openapi')
    .description('write the OpenAPI 3 document generated from the route schemas of every installed plugin')
    .option('--out <file>', 'where to write it', 'docs/api/openapi.json')
    .action(async (flags: { out: string }) => {
      const document = await generateOpenApi();
      const out = resolve(flags.out);
      await writeFile(out, `${JSON.stringify(document, null, 2)}\n`);
      console.log(`Wrote ${out}`);
    });
}

import { defineConfig } from 'vitest/config';
import { sensoriumAliases } from './aliases.ts';

// Two projects: unit tests beside the code (core, plugins, host, cli) and end-to-end tests in tests/
// that drive Debian's chromium against a real server. Each e2e file starts one server of its own.
export default defineConfig({
  resolve: { alias: sensoriumAliases },
  test: {
    // Tests never reach OpenStreetMap: its tiles and geocoder, the console's defaults, are off unless a test points
    // them at a local stand-in.
    env: { SENSORIUM_MAP_TILE_URL: 'off', SENSORIUM_GEOCODER_URL: 'off' },
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          sequence: { groupOrder: 0 },
          include: ['{core,plugins,host,cli}/**/*.test.{ts,tsx}'],
          environment: 'node',
          setupFiles: ['reflect-metadata'],
          // Vitest's default on two cores is one worker; most unit time is waiting (servers, job timers, sockets), so two
          // files at once finish sooner. Three starved the e2e project running beside them (browser steps timed out).
          maxWorkers: 2,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          sequence: { groupOrder: 1 },
          include: ['tests/**/*.e2e.ts'],
          environment: 'node',
          setupFiles: ['reflect-metadata'],
          pool: 'forks',
          maxWorkers: 2,
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});

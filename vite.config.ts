import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';
import { sensoriumAliases } from './aliases.ts';

/** Our own TypeScript sources (core, plugins, host) as module ids, not those of packages. */
const OWN_SOURCES = /^(?!.*[\\/]node_modules[\\/]).*[\\/](core|plugins|host)[\\/].*\.tsx?$/;

// `npm run dev`: the dev server forwards the API to the console started beside it (PORT, default 8080).
const API_TARGET = `http://127.0.0.1:${process.env.PORT ?? 8080}`;

// The browser console: Vite root is host/client, the build goes to <repo>/dist/client (served by the server).
// Pages are lazy routes, so each lands in a chunk of its own and loads on first use.
export default defineConfig({
  root: fileURLToPath(new URL('./host/client', import.meta.url)),
  plugins: [
    react(),
    // A brotli (.br) and a gzip (.gz) copy beside every text file, at the best ratio: the server sends the one a browser
    // accepts (host/server/http/static-client.ts). A copy that would not be smaller is left out; so is the manifest,
    // which only the tests read. Two brotli runs at a time: one per core (Monaco's files take most of the time).
    compression({
      algorithms: [defineAlgorithm('brotliCompress'), defineAlgorithm('gzip')],
      exclude: /^\.vite\//,
      scheduler: { limit: 2 },
      logLevel: 'silent',
    }),
  ],
  resolve: { alias: sensoriumAliases },
  build: {
    outDir: fileURLToPath(new URL('./dist/client', import.meta.url)),
    emptyOutDir: true,
    // .vite/manifest.json: which chunks each page loads, read by the bundle budget test and bench/bundles.ts.
    manifest: true,
    chunkSizeWarningLimit: 1500,
    rolldownOptions: {
      // Our modules only define things (components, styles, stores, models): one a chunk imports but does not use is
      // left out, as a package marked "sideEffects": false would be. Otherwise a barrel such as @sensorium/core/client
      // brought every component's styles (a top-level makeStyles call) and the Fluent components they name along.
      treeshake: { moduleSideEffects: [{ test: OWN_SOURCES, external: false, sideEffects: false }] },
      output: {
        codeSplitting: {
          groups: [
            {
              // Texts loaded by language (core/client jsonTexts): every folder's file of one language in one chunk,
              // fetched when that language is chosen. Texts only ever imported directly stay with their importer.
              name: (id, context) => {
                const language = /[\\/]i18n[\\/](?:[^\\/]+[\\/])?(en|hk|cn)\.json$/.exec(id)?.[1];
                return language && context.getModuleInfo(id)?.dynamicImporters.length ? `texts-${language}` : null;
              },
            },
            // Everything the entry needs before the first page (React, the router, MobX, i18next, Fluent's core, the
            // plugins' registrations and stores) in one chunk: one request, and compressed as one.
            { name: 'console', tags: ['$initial'] },
          ],
        },
      },
    },
  },
  server: {
    proxy: {
      '/api': { target: API_TARGET, ws: true, changeOrigin: false },
      '/healthz': { target: API_TARGET },
    },
  },
});

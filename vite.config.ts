import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';
import { sensoriumAliases } from './aliases.ts';

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
  },
  server: {
    proxy: {
      '/api': { target: API_TARGET, ws: true, changeOrigin: false },
      '/healthz': { target: API_TARGET },
    },
  },
});

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_CLIENT_DIR, readManifest, weigh } from './bundle-manifest';
import { ROUTE_BUDGETS, budgetFiles } from './route-budgets';

// Reads the build `npm test` makes first (npm run build): dist/client and its .vite/manifest.json.
const manifest = readManifest(DEFAULT_CLIENT_DIR);
const kb = (bytes: number) => Math.round(bytes / 1024);

/** Text only each library's own code has, so finding it in a file means the library is in it. */
const HEAVY_LIBRARIES = {
  leaflet: 'leaflet-container',
  uPlot: 'u-legend',
  Monaco: 'monaco-editor',
  Lexical: '__lexicalEditor',
};

describe('the console bundle budgets (issue 16)', () => {
  for (const budget of ROUTE_BUDGETS) {
    it(`${budget.route}: at most ${budget.brotliKb} KB of JavaScript brotli-compressed, with an empty cache`, () => {
      const weight = weigh(DEFAULT_CLIENT_DIR, budgetFiles(manifest, budget));
      expect(kb(weight.brotli), `${budget.route}: ${weight.files} files, ${kb(weight.gzip)} KB gzip`).toBeLessThanOrEqual(
        budget.brotliKb,
      );
    });
  }

  it('leaves the map, the charts and the two editors out of the login route', () => {
    const login = ROUTE_BUDGETS.find((budget) => budget.route === 'login')!;
    const code = budgetFiles(manifest, login).map((file) => readFileSync(join(DEFAULT_CLIENT_DIR, file), 'utf8'));
    const found = Object.entries(HEAVY_LIBRARIES)
      .filter(([, marker]) => code.some((text) => text.includes(marker)))
      .map(([library]) => library);
    expect(found).toEqual([]);
  });

  it('has each library where the pages that use it load it, so the check above would see it', () => {
    const all = Object.values(manifest).map((chunk) => chunk.file);
    const code = all.filter((file) => file.endsWith('.js')).map((file) => readFileSync(join(DEFAULT_CLIENT_DIR, file), 'utf8'));
    for (const [library, marker] of Object.entries(HEAVY_LIBRARIES)) {
      expect(
        code.some((text) => text.includes(marker)),
        `${library} is in no chunk: update its marker`,
      ).toBe(true);
    }
  });
});

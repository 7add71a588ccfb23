import { fileURLToPath } from 'node:url';

/**
 * The import aliases of tsconfig.json's `paths`, for Vite and vitest (tsx reads tsconfig itself):
 * core's three public faces and each plugin's public surface (`@sensorium/<plugin>/common`).
 */
const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

export const sensoriumAliases = [
  { find: /^@sensorium\/core\/(client|server|common)$/, replacement: here('./core/$1/index.ts') },
  { find: /^@sensorium\/([a-z0-9-]+)\/common$/, replacement: here('./plugins/$1/common/index.ts') },
];

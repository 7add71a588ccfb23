import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { generateOpenApi } from './commands/openapi';
import { REPO_ROOT } from './repo';

// docs/api/openapi.json is the reviewed API report: a route change shows up in the diff of the same commit.
describe('docs/api/openapi.json', () => {
  it('matches the document the route schemas generate (run `npm run sensorium -- openapi` after changing a route)', async () => {
    const committed = JSON.parse(readFileSync(join(REPO_ROOT, 'docs/api/openapi.json'), 'utf8')) as unknown;
    expect(await generateOpenApi()).toEqual(committed);
  });
});

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { generateApiTypes, generateOpenApi, typesFileOf } from './commands/openapi';
import { REPO_ROOT } from './repo';

const DOCUMENT_FILE = join(REPO_ROOT, 'docs/api/openapi.json');
const TYPES_FILE = typesFileOf(DOCUMENT_FILE);

interface Operation {
  operationId?: string;
  security?: unknown[];
  responses: Record<string, unknown>;
}
type Document = { paths: Record<string, Record<string, Operation>> };

// docs/api/openapi.json is the reviewed API report: a route change shows up in the diff of the same commit.
describe('docs/api/openapi.json', () => {
  let generated: Document;
  beforeAll(async () => {
    generated = (await generateOpenApi()) as Document;
  }, 60_000);

  const operations = () =>
    Object.entries(generated.paths).flatMap(([path, item]) =>
      Object.entries(item).map(([method, operation]) => ({ name: `${method.toUpperCase()} ${path}`, ...operation })),
    );

  it('matches the document the route schemas generate (run `npm run sensorium -- openapi` after changing a route)', () => {
    const committed = JSON.parse(readFileSync(DOCUMENT_FILE, 'utf8')) as unknown;
    expect(generated).toEqual(committed);
  });

  it('comes with the TypeScript types openapi-typescript generates from it (openapi.d.ts, same command)', async () => {
    const committed = JSON.parse(readFileSync(DOCUMENT_FILE, 'utf8')) as unknown;
    expect(await generateApiTypes(committed, TYPES_FILE)).toBe(readFileSync(TYPES_FILE, 'utf8'));
  });

  it('gives every operation a unique operationId, its credentials and its error answers', () => {
    const all = operations();
    const ids = all.map((operation) => operation.operationId);
    expect(ids.filter((id) => !id)).toEqual([]);
    const repeated = ids.filter((id, index) => ids.indexOf(id) !== index);
    // Two paths that differ only in separators or case derive the same id: give one of them another path.
    expect(repeated).toEqual([]);
    expect(all.filter((operation) => !Array.isArray(operation.security)).map((operation) => operation.name)).toEqual([]);
    const withoutErrors = all.filter((operation) => !Object.keys(operation.responses).some((status) => status >= '400'));
    expect(withoutErrors.map((operation) => operation.name)).toEqual([]);
  });

  it('marks the public routes as needing no credentials and the others as needing the access token', () => {
    const security = new Map(operations().map((operation) => [operation.name, operation.security]));
    for (const name of ['POST /api/auth/login', 'POST /api/auth/refresh', 'GET /api/system-events-api/public/event/']) {
      expect(security.get(name), name).toEqual([]);
    }
    expect(security.get('GET /api/application/')).toEqual([{ bearer: [] }]);
    expect(security.get('GET /api/application/{id}/{logo}')).toEqual([{ bearer: [] }, { queryToken: [] }]);
  });
});

import type { ErrorStatus } from '@sensorium/core/server';
import { API_ERROR_SCHEMA, ERROR_RESPONSES, errorResponse } from './openapi-errors';

/** Where routeSchema puts a route's error statuses; the document has responses instead (see finishDocument). */
export const ERROR_STATUSES_KEY = 'x-error-statuses';

const SCHEMA_PREFIX = '#/components/schemas/';
const HTTP_METHODS = new Set(['get', 'put', 'post', 'delete', 'patch', 'options', 'head', 'trace']);

type Json = Record<string, unknown>;

export interface OpenApiObject extends Json {
  paths?: Record<string, Record<string, Json>>;
  components?: Json & { schemas?: Record<string, unknown>; responses?: Record<string, unknown> };
}

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

/** A copy without the keywords next to each `$ref`: OpenAPI 3.0 ignores them, so they only mislead readers and tools. */
function withoutRefSiblings(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutRefSiblings);
  if (!isObject(value)) return value;
  if (typeof value.$ref === 'string') return { $ref: value.$ref };
  return Object.fromEntries(Object.entries(value).map(([key, child]) => [key, withoutRefSiblings(child)]));
}

/** The names of the component schemas `value` references. */
function referencedSchemas(value: unknown, found = new Set<string>()): Set<string> {
  if (Array.isArray(value)) for (const child of value) referencedSchemas(child, found);
  else if (isObject(value)) {
    if (typeof value.$ref === 'string' && value.$ref.startsWith(SCHEMA_PREFIX)) found.add(value.$ref.slice(SCHEMA_PREFIX.length));
    for (const child of Object.values(value)) referencedSchemas(child, found);
  }
  return found;
}

/** Of `schemas`, those `roots` reference, directly or through each other. */
function reachableSchemas(roots: unknown, schemas: Record<string, unknown>): Record<string, unknown> {
  const reached = new Set<string>();
  const pending = [...referencedSchemas(roots)];
  for (let name = pending.pop(); name !== undefined; name = pending.pop()) {
    if (reached.has(name) || !(name in schemas)) continue;
    reached.add(name);
    pending.push(...referencedSchemas(schemas[name]));
  }
  return Object.fromEntries(Object.entries(schemas).filter(([name]) => reached.has(name)));
}

/**
 * A route that declares no answer schema gets fastify-swagger's bare 200. Its real answer may be 200, 201 (a handler
 * that sets it) or 204 (a handler that answers nothing): the document says only that it succeeds.
 */
function successResponses(responses: Json): Json {
  const { 200: plain, ...others } = responses;
  if (isObject(plain) && !plain.content) {
    return { '2XX': { description: 'Done: the answer (200, 201 or 204 without a body) is not described' }, ...others };
  }
  // fastify-swagger's placeholder for a schema without a description.
  const named = (status: string, description: string) => {
    const response = responses[status];
    return isObject(response) && response.description === 'Default Response' ? { [status]: { ...response, description } } : {};
  };
  return { ...responses, ...named('200', 'Done'), ...named('201', 'Created') };
}

/**
 * The document as published: each operation's error statuses become references to one shared response per status (all
 * with the ApiError schema), and components keep only what the operations reference.
 */
export function finishDocument(document: OpenApiObject): OpenApiObject {
  const used = new Set<ErrorStatus>();
  const paths = Object.fromEntries(
    Object.entries(document.paths ?? {}).map(([path, item]) => [
      path,
      Object.fromEntries(
        Object.entries(item).map(([method, operation]) => {
          if (!HTTP_METHODS.has(method)) return [method, operation];
          const { [ERROR_STATUSES_KEY]: statuses = [], ...rest } = operation as Json & { [ERROR_STATUSES_KEY]?: ErrorStatus[] };
          const responses = successResponses(rest.responses as Json);
          for (const status of statuses) {
            used.add(status);
            responses[status] = { $ref: `#/components/responses/${ERROR_RESPONSES[status].name}` };
          }
          return [method, { ...rest, responses }];
        }),
      ),
    ]),
  );
  const responses = Object.fromEntries(
    [...used].sort((a, b) => a - b).map((status) => [ERROR_RESPONSES[status].name, errorResponse(status)]),
  );
  const allSchemas = { ...document.components?.schemas, ApiError: API_ERROR_SCHEMA };
  const published = withoutRefSiblings({ paths, responses }) as { paths: OpenApiObject['paths']; responses: Json };
  return {
    ...document,
    paths: published.paths,
    components: {
      ...document.components,
      schemas: withoutRefSiblings(reachableSchemas(published, allSchemas)) as Record<string, unknown>,
      responses: published.responses,
    },
  };
}
